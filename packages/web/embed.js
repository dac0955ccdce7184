// OpenKYC embed: opens the hosted verification page (/verify) in a modal or inline iframe on the integrator's own
// site. Served by the app at /embed.js; load it from the service you verify with:
//   <script src="https://kyc.example.com/embed.js"></script>
//   OpenKYC.open({ verificationUrl, onComplete({ verificationId }) { … } });
// Messages between the two windows are checked on both sides: this script accepts only messages whose origin is
// the service's (the origin this script was loaded from, nothing else: not the origin of a verificationUrl, which
// may come from anywhere, and it opens no frame on another origin) and whose source is its own iframe; the hosted page posts
// only to the origin named in `embedOrigin`, and the service's frame-ancestors policy lets only the account's
// allowed origins frame it. Types: embed.d.ts. Plain ES2019, no build step, no dependencies.
(function () {
  "use strict";
  // the protocol shared with components/verify/embed-bridge.ts (a unit test keeps the two in step)
  var SOURCE = "openkyc";
  var VERSION = 1;
  var DEFAULT_READY_TIMEOUT_MS = 15000;

  var script = document.currentScript;
  var serviceOrigin = script && script.src ? new URL(script.src).origin : null;

  // The service's origin: the one this script was loaded from. `options.origin` only names it for a copy of the
  // script that was not loaded from the service (bundled or inlined); it cannot point a loaded script elsewhere.
  function serviceOf(options) {
    if (serviceOrigin) {
      if (options.origin && new URL(options.origin).origin !== serviceOrigin)
        throw new TypeError("OpenKYC.open: origin must be the origin embed.js was loaded from (" + serviceOrigin + ")");
      return serviceOrigin;
    }
    if (!options.origin) throw new TypeError("OpenKYC.open: embed.js was not loaded from the service: pass its origin");
    return new URL(options.origin).origin;
  }

  function frameUrl(options, origin) {
    var url;
    if (options.verificationUrl) {
      url = new URL(options.verificationUrl, origin);
      if (url.origin !== origin)
        throw new TypeError("OpenKYC.open: the verificationUrl is not on the service's origin (" + origin + ")");
    } else if (options.flowId && options.clientId) {
      url = new URL("/verify", origin);
      url.searchParams.set("flowId", options.flowId);
      url.searchParams.set("clientId", options.clientId);
    } else {
      throw new TypeError("OpenKYC.open needs a verificationUrl, or a flowId and a clientId");
    }
    url.searchParams.set("embedOrigin", window.location.origin);
    if (options.language) url.searchParams.set("lang", options.language);
    return url;
  }

  function style(element, rules) {
    for (var key in rules) element.style[key] = rules[key];
  }

  function open(options) {
    options = options || {};
    var origin = serviceOf(options);
    var url = frameUrl(options, origin);
    // messages are trusted from the service's origin only, never from the page named in a URL alone
    var trusted = origin;
    var container = null;
    var overlay = null;
    var closed = false;
    var ready = false;

    var iframe = document.createElement("iframe");
    iframe.src = url.toString();
    iframe.title = options.title || "Identity verification";
    // camera and microphone for the selfie and document captures, geolocation for the location step
    iframe.allow = "camera; microphone; geolocation";
    iframe.referrerPolicy = "no-referrer";
    style(iframe, { border: "0", width: "100%", height: "100%", display: "block", background: "#fff" });

    if (options.container) {
      container = typeof options.container === "string" ? document.querySelector(options.container) : options.container;
      if (!container) throw new TypeError("OpenKYC.open: the container was not found");
      if (!container.style.height) style(container, { minHeight: "640px" });
      container.appendChild(iframe);
    } else {
      overlay = document.createElement("div");
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      overlay.setAttribute("aria-label", iframe.title);
      overlay.setAttribute("data-openkyc-modal", "");
      style(overlay, {
        position: "fixed",
        inset: "0",
        zIndex: "2147483000",
        background: "rgba(15, 23, 42, 0.6)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      });
      var panel = document.createElement("div");
      style(panel, {
        position: "relative",
        width: "min(480px, 100vw)",
        height: "min(760px, 100vh)",
        borderRadius: "12px",
        overflow: "hidden",
        background: "#fff",
      });
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "\u00d7";
      close.setAttribute("aria-label", options.closeLabel || "Close");
      style(close, {
        position: "absolute",
        top: "6px",
        right: "8px",
        zIndex: "1",
        font: "24px/1 system-ui, sans-serif",
        background: "transparent",
        border: "0",
        cursor: "pointer",
        color: "#334155",
      });
      close.addEventListener("click", function () {
        finish("cancel", { reason: "closed" });
      });
      panel.appendChild(close);
      panel.appendChild(iframe);
      overlay.appendChild(panel);
      document.body.appendChild(overlay);
    }

    function call(name, payload) {
      var handler = options[name];
      if (typeof handler === "function") {
        try {
          handler(payload);
        } catch (error) {
          setTimeout(function () {
            throw error;
          });
        }
      }
    }

    function teardown() {
      closed = true;
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
      clearTimeout(readyTimer);
      if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (container && iframe.parentNode === container) container.removeChild(iframe);
    }

    function finish(kind, payload) {
      if (closed) return;
      if (kind === "complete") {
        call("onComplete", payload);
        // a modal closes itself once the end user is done; an inline frame stays (it shows "Submitted")
        if (overlay) teardown();
      } else if (kind === "cancel") {
        call("onCancel", payload);
        teardown();
      } else {
        call("onError", payload);
      }
    }

    function onMessage(event) {
      if (event.origin !== trusted || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== SOURCE || data.version !== VERSION || typeof data.type !== "string") return;
      call("onEvent", data);
      if (data.type === "ready") {
        ready = true;
        clearTimeout(readyTimer);
      } else if (data.type === "complete") {
        finish("complete", { verificationId: data.verificationId, status: data.status });
      } else if (data.type === "cancel") {
        finish("cancel", { reason: data.reason, verificationId: data.verificationId });
      } else if (data.type === "error") {
        finish("error", { code: data.code, message: data.message });
      }
    }

    function onKey(event) {
      if (overlay && event.key === "Escape") finish("cancel", { reason: "escape" });
    }

    // a frame that never says "ready" was refused (frame-ancestors), or the link is invalid or unreachable
    var readyTimer = setTimeout(function () {
      if (!ready && !closed)
        finish("error", {
          code: "FRAME_UNAVAILABLE",
          message:
            "The verification page did not load in the frame: is this origin among the account's allowed frame origins?",
        });
    }, options.readyTimeoutMs || DEFAULT_READY_TIMEOUT_MS);

    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    return {
      iframe: iframe,
      close: function () {
        finish("cancel", { reason: "api" });
      },
    };
  }

  window.OpenKYC = { open: open, version: VERSION };
})();
