// Makes Chromium's fake camera look like a virtual camera to the page, the way OBS's does on a real machine:
// the device list and the video track carry the virtual camera's name. For page.addInitScript({ content }), so it
// runs before the page's own scripts. Used by e2e/capture-integrity.spec.ts and tools/make/browser-recordings.ts.
// Only names change: the frames are still the fake camera's (what a virtual camera replaying a clip would send).
// Plain JavaScript text, not functions: a transpiler's helpers (tsx's __name) do not exist inside the page.

/** Every video input's label and every video track's label become `label`. */
export function disguiseCameraScript(label: string): string {
  return `(() => {
  const label = ${JSON.stringify(label)};
  const devices = navigator.mediaDevices;
  const enumerate = devices.enumerateDevices.bind(devices);
  devices.enumerateDevices = async () =>
    (await enumerate()).map((device) => {
      if (device.kind !== "videoinput") return device;
      const json = { ...device.toJSON(), label };
      return { ...json, toJSON: () => json };
    });
  const descriptor = Object.getOwnPropertyDescriptor(MediaStreamTrack.prototype, "label");
  Object.defineProperty(MediaStreamTrack.prototype, "label", {
    configurable: true,
    get() {
      return this.kind === "video" ? label : descriptor.get.call(this);
    },
  });
})();`;
}

/** getUserMedia answers a canvas stream: a script-injected feed, no camera behind the track. */
export const CANVAS_CAMERA_SCRIPT = `(() => {
  navigator.mediaDevices.getUserMedia = async () => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 640, height: 480 });
    const context = canvas.getContext("2d");
    let frame = 0;
    const draw = () => {
      context.fillStyle = "hsl(" + ((frame * 3) % 360) + " 60% 50%)";
      context.fillRect(0, 0, 640, 480);
      context.fillStyle = "#fff";
      context.fillRect((frame * 7) % 600, 200, 40, 40);
      frame++;
    };
    draw();
    setInterval(draw, 1000 / 30);
    return canvas.captureStream(30);
  };
})();`;
