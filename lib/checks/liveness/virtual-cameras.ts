// Camera names (MediaDeviceInfo.label / MediaStreamTrack.label) of software that feeds the browser something
// other than its own sensor, matched case-insensitively anywhere in the label. Two kinds, decided on what the
// software can send (docs/checks.md, CAPTURE_INTEGRITY):
// - VIRTUAL: a driver whose picture is whatever a program composes — a recorded clip, a screen, a face puppet.
//   A person may use one for honest reasons (OBS for a nicer picture), so a match is REVIEW, never FAILED.
// - PHONE_BRIDGE: a driver that forwards a phone's own camera (DroidCam, iVCam, EpocCam, Camo, Iriun). The
//   picture comes from a real sensor in front of the person; recorded in the step data, not a reason for review.
//   Apple's Continuity Camera is not listed at all: it is the iPhone's camera through the system ("iPhone Camera").

export type CameraSoftware = { name: string; kind: "VIRTUAL" | "PHONE_BRIDGE" };

const KNOWN: readonly (CameraSoftware & { pattern: RegExp })[] = [
  { name: "OBS Virtual Camera", kind: "VIRTUAL", pattern: /\bobs\b.*\bcam/i },
  { name: "ManyCam", kind: "VIRTUAL", pattern: /manycam/i },
  { name: "XSplit VCam", kind: "VIRTUAL", pattern: /xsplit/i },
  { name: "Snap Camera", kind: "VIRTUAL", pattern: /snap\s*camera/i },
  { name: "Logi Capture", kind: "VIRTUAL", pattern: /logi(tech)?\s*capture/i },
  { name: "SplitCam", kind: "VIRTUAL", pattern: /splitcam/i },
  { name: "CamTwist", kind: "VIRTUAL", pattern: /camtwist/i },
  { name: "YouCam", kind: "VIRTUAL", pattern: /youcam/i },
  { name: "NVIDIA Broadcast", kind: "VIRTUAL", pattern: /nvidia\s*broadcast/i },
  { name: "mmhmm", kind: "VIRTUAL", pattern: /mmhmm/i },
  // Linux's v4l2loopback names its devices "Dummy video device" unless told otherwise
  { name: "v4l2loopback", kind: "VIRTUAL", pattern: /v4l2\s*loopback|dummy video device/i },
  // phone bridges before the generic "vcam"/"virtual" rules: "e2eSoft iVCam" is a phone, "e2eSoft VCam" is not
  { name: "iVCam", kind: "PHONE_BRIDGE", pattern: /ivcam/i },
  { name: "DroidCam", kind: "PHONE_BRIDGE", pattern: /droidcam/i },
  { name: "EpocCam", kind: "PHONE_BRIDGE", pattern: /epoccam/i },
  { name: "Camo", kind: "PHONE_BRIDGE", pattern: /\bcamo\b/i },
  { name: "Iriun Webcam", kind: "PHONE_BRIDGE", pattern: /iriun/i },
  { name: "e2eSoft VCam", kind: "VIRTUAL", pattern: /\bvcam\b/i },
  // the generic rule last: "Virtual Camera", "AVStream Virtual", "Virtual Webcam" …
  { name: "a virtual camera", kind: "VIRTUAL", pattern: /virtual/i },
];

/** The camera software a label names, or null for an ordinary camera (or an empty, hidden label). */
export function cameraSoftwareOf(label: string): CameraSoftware | null {
  const found = KNOWN.find((k) => k.pattern.test(label));
  return found ? { name: found.name, kind: found.kind } : null;
}
