import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

// embed.js runs in the integrator's page. These tests run the very file /embed.js serves in a small stand-in of a
// browser window (node:vm): enough DOM for the script to build its iframe and listen for messages.
const SOURCE = readFileSync(path.join(process.cwd(), "packages/web/embed.js"), "utf8");
const SERVICE = "https://kyc.example.com";

type Listener = (event: unknown) => void;
type FakeElement = { style: Record<string, string>; src?: string; contentWindow: object; [key: string]: unknown };

function browser(scriptSrc: string | null) {
  const listeners: Record<string, Listener[]> = {};
  const element = (): FakeElement => ({
    style: {},
    contentWindow: {},
    setAttribute() {},
    appendChild() {},
    addEventListener() {},
  });
  const iframes: FakeElement[] = [];
  const document = {
    currentScript: scriptSrc ? { src: scriptSrc } : null,
    body: { appendChild() {} },
    createElement(tag: string) {
      const created = element();
      if (tag === "iframe") iframes.push(created);
      return created;
    },
    querySelector: () => null,
    addEventListener() {},
    removeEventListener() {},
  };
  const window: Record<string, unknown> = {
    location: { origin: "https://shop.example" },
    addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
    removeEventListener: (type: string, listener: Listener) =>
      (listeners[type] = (listeners[type] ?? []).filter((l) => l !== listener)),
  };
  vm.runInNewContext(SOURCE, { window, document, URL, setTimeout: () => 0, clearTimeout: () => undefined });
  const OpenKYC = window.OpenKYC as { open: (options: Record<string, unknown>) => { iframe: FakeElement } };
  const post = (origin: string, source: object, data: unknown) =>
    (listeners.message ?? []).forEach((listener) => listener({ origin, source, data }));
  return { OpenKYC, iframes, post };
}

const complete = { source: "openkyc", version: 1, type: "complete", verificationId: "v-1", status: "COMPLETED" };

describe("embed.js: whom it trusts", () => {
  it("accepts the hosted page's messages from the origin it was loaded from", () => {
    const { OpenKYC, post } = browser(`${SERVICE}/embed.js`);
    const done: unknown[] = [];
    const handle = OpenKYC.open({
      verificationUrl: `${SERVICE}/verify?flowId=f&clientId=c&verificationId=v&token=t`,
      onComplete: (result: unknown) => done.push(result),
    });
    expect(new URL(String(handle.iframe.src)).origin).toBe(SERVICE);
    expect(new URL(String(handle.iframe.src)).searchParams.get("embedOrigin")).toBe("https://shop.example");
    post("https://evil.example", handle.iframe.contentWindow, complete);
    expect(done).toEqual([]);
    post(SERVICE, {}, complete); // the right origin, but not its own iframe
    expect(done).toEqual([]);
    post(SERVICE, handle.iframe.contentWindow, complete);
    expect(done).toEqual([{ verificationId: "v-1", status: "COMPLETED" }]);
  });

  it("refuses a verificationUrl of another origin: a URL alone never makes an origin trusted", () => {
    const { OpenKYC, iframes, post } = browser(`${SERVICE}/embed.js`);
    const done: unknown[] = [];
    const open = () =>
      OpenKYC.open({
        verificationUrl: "https://evil.example/verify?flowId=f&clientId=c",
        onComplete: (result: unknown) => done.push(result),
      });
    expect(open).toThrow(/origin/);
    expect(iframes).toHaveLength(0);
    post("https://evil.example", {}, complete);
    expect(done).toEqual([]);
  });

  it("a relative verificationUrl and flowId+clientId open on the service's origin", () => {
    const { OpenKYC } = browser(`${SERVICE}/embed.js`);
    expect(new URL(String(OpenKYC.open({ verificationUrl: "/verify?flowId=f&clientId=c" }).iframe.src)).origin).toBe(
      SERVICE,
    );
    expect(new URL(String(OpenKYC.open({ flowId: "f", clientId: "c" }).iframe.src)).origin).toBe(SERVICE);
  });

  it("`origin` names the service only for a copy of the script that was not loaded from it", () => {
    const loaded = browser(`${SERVICE}/embed.js`);
    expect(() => loaded.OpenKYC.open({ flowId: "f", clientId: "c", origin: "https://evil.example" })).toThrow(/origin/);
    const bundled = browser(null);
    const handle = bundled.OpenKYC.open({ flowId: "f", clientId: "c", origin: SERVICE });
    expect(new URL(String(handle.iframe.src)).origin).toBe(SERVICE);
    expect(() => bundled.OpenKYC.open({ flowId: "f", clientId: "c" })).toThrow(/origin/);
  });
});
