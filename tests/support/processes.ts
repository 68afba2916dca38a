import { execFile, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const lockProbe = fileURLToPath(new URL("./lock-probe.ts", import.meta.url));

export type ProcessResult = { exitCode: number; stdout: string; stderr: string };

/** Runs a command to completion in the repository root; never rejects on a non-zero exit. */
export function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: repoRoot, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") return reject(error);
      resolve({ exitCode: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** Runs tests/support/lock-probe.ts in a separate process. */
export function runLockProbe(action: "acquire" | "open", dataDir: string): Promise<ProcessResult> {
  return runProcess(process.execPath, ["--import", "tsx", lockProbe, action, dataDir]);
}

/** Starts a separate process that takes the lock on dataDir and keeps it until killed. */
export function holdLockInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", lockProbe, "hold", dataDir], { cwd: repoRoot });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("held")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`lock holder exited early (${code}): ${stderr}`)));
  });
}

/** Kills a process without giving it a chance to clean up, and waits until it is gone. */
export function killAbruptly(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
