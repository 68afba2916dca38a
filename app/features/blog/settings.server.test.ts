import { describe, expect, it } from "vitest";
import { SettingsError } from "~/lib/env.server.ts";
import { loadBlogSettings } from "./settings.server.ts";

const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

describe("loadBlogSettings", () => {
  it("uses the built-in store when Contentful is not configured", () => {
    expect(loadBlogSettings({})).toEqual({});
    expect(loadBlogSettings({ CONTENTFUL_SPACE_ID: " ", CONTENTFUL_DELIVERY_TOKEN: "" })).toEqual({});
  });

  it("uses Contentful's CDN in the master environment when the space and token are set", () => {
    expect(loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc123xyz", CONTENTFUL_DELIVERY_TOKEN: token })).toEqual({
      contentful: { space: "abc123xyz", accessToken: token, environment: "master", host: undefined, insecure: false },
    });
  });

  it("takes another environment and a local recorder's address", () => {
    expect(loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc", CONTENTFUL_DELIVERY_TOKEN: token, CONTENTFUL_ENVIRONMENT: "staging", CONTENTFUL_HOST: "http://127.0.0.1:4010" }).contentful).toMatchObject({
      environment: "staging",
      host: "127.0.0.1:4010",
      insecure: true,
    });
    expect(loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc", CONTENTFUL_DELIVERY_TOKEN: token, CONTENTFUL_HOST: "preview.contentful.com" }).contentful).toMatchObject({
      host: "preview.contentful.com",
      insecure: false,
    });
  });

  it("refuses half a configuration and malformed values, naming them", () => {
    expect(() => loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc" })).toThrow(SettingsError);
    expect(() => loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc" })).toThrow(/CONTENTFUL_DELIVERY_TOKEN: is required/);
    expect(() => loadBlogSettings({ CONTENTFUL_DELIVERY_TOKEN: token })).toThrow(/CONTENTFUL_SPACE_ID: is required/);
    expect(() => loadBlogSettings({ CONTENTFUL_SPACE_ID: "a/b", CONTENTFUL_DELIVERY_TOKEN: token })).toThrow(/CONTENTFUL_SPACE_ID/);
    expect(() => loadBlogSettings({ CONTENTFUL_SPACE_ID: "abc", CONTENTFUL_DELIVERY_TOKEN: token, CONTENTFUL_HOST: "ftp://x/y" })).toThrow(/CONTENTFUL_HOST/);
  });
});
