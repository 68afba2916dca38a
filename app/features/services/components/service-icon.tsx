import { BriefcaseBusiness, CarFront, ConciergeBell, House, Scale, Wallet, type LucideProps } from "lucide-react";
import type { ServiceId } from "~/content/types.ts";

const icons: Record<ServiceId, typeof Wallet> = {
  funding: Wallet,
  employment: BriefcaseBusiness,
  accommodation: House,
  vehicle: CarFront,
  legal: Scale,
  concierge: ConciergeBell,
};

export function ServiceIcon({ id, ...props }: { id: ServiceId } & LucideProps) {
  const Icon = icons[id];
  return <Icon aria-hidden="true" {...props} />;
}
