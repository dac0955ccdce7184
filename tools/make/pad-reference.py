"""Reference values for lib/engines/pad (opencv-resize.test.ts, minifasnet.real.test.ts), computed with OpenCV.

Not part of the build: run once by hand, its printed numbers are pasted into the tests.
  resize  (python3 with cv2):  pad-reference.py resize            -> sha256 of cv2.resize(pattern, 80x80) per case
  crop    (python3 with cv2):  pad-reference.py crop RAW W H X Y BW BH OUT
           RAW = raw RGB bytes of a decoded image (sharp's), box in pixels; writes the two models' BGR patches
           (CropImage.crop of Silent-Face-Anti-Spoofing, scale 2.7 and 4.0) to OUT.2.7.bin / OUT.4.0.bin
  score   (python3 with onnxruntime): pad-reference.py score MODELS_DIR OUT -> the pair's real probability
"""
import hashlib
import sys


def pattern(np, w, h):
    y, x, c = np.mgrid[0:h, 0:w, 0:3].astype(np.int64)
    return (((x * x * 3 + y * y * 5 + x * y * 7 + c * 61) >> 1) % 256).astype(np.uint8)


RESIZE_CASES = [(203, 203, 80, 80), (202, 202, 80, 80), (640, 480, 80, 80), (160, 160, 80, 80), (57, 61, 80, 80),
                (300, 211, 80, 80), (97, 250, 80, 80), (300, 211, 81, 79)]


def get_new_box(src_w, src_h, bbox, scale):  # src/generate_patches.py, CropImage._get_new_box
    x, y, box_w, box_h = bbox
    scale = min((src_h - 1) / box_h, min((src_w - 1) / box_w, scale))
    new_width, new_height = box_w * scale, box_h * scale
    center_x, center_y = box_w / 2 + x, box_h / 2 + y
    left_top_x, left_top_y = center_x - new_width / 2, center_y - new_height / 2
    right_bottom_x, right_bottom_y = center_x + new_width / 2, center_y + new_height / 2
    if left_top_x < 0:
        right_bottom_x -= left_top_x
        left_top_x = 0
    if left_top_y < 0:
        right_bottom_y -= left_top_y
        left_top_y = 0
    if right_bottom_x > src_w - 1:
        left_top_x -= right_bottom_x - src_w + 1
        right_bottom_x = src_w - 1
    if right_bottom_y > src_h - 1:
        left_top_y -= right_bottom_y - src_h + 1
        right_bottom_y = src_h - 1
    return int(left_top_x), int(left_top_y), int(right_bottom_x), int(right_bottom_y)


def main():
    mode = sys.argv[1]
    if mode == "resize":
        import cv2
        import numpy as np
        print("opencv", cv2.__version__)
        for w, h, dw, dh in RESIZE_CASES:
            out = cv2.resize(pattern(np, w, h), (dw, dh))
            print(f"{w}x{h}->{dw}x{dh}", hashlib.sha256(out.tobytes()).hexdigest(), out[0, 0].tolist(), out[dh // 2, dw // 3].tolist())
    elif mode == "crop":
        import cv2
        import numpy as np
        raw, w, h, x, y, bw, bh, out = sys.argv[2:10]
        w, h = int(w), int(h)
        rgb = np.frombuffer(open(raw, "rb").read(), dtype=np.uint8).reshape(h, w, 3)
        bgr = np.ascontiguousarray(rgb[:, :, ::-1])
        for scale in ("2.7", "4.0"):
            l, t, r, b = get_new_box(w, h, [float(x), float(y), float(bw), float(bh)], float(scale))
            patch = cv2.resize(bgr[t:b + 1, l:r + 1], (80, 80))
            open(f"{out}.{scale}.bin", "wb").write(patch.tobytes())
            print(scale, (l, t, r, b), hashlib.sha256(patch.tobytes()).hexdigest())
    elif mode == "score":
        import numpy as np
        import onnxruntime as ort
        models, out = sys.argv[2:4]
        reals = []
        for name, scale in (("MiniFASNetV2", "2.7"), ("MiniFASNetV1SE", "4.0")):
            patch = np.frombuffer(open(f"{out}.{scale}.bin", "rb").read(), dtype=np.uint8).reshape(80, 80, 3)
            tensor = patch.transpose(2, 0, 1)[None].astype(np.float32)
            sess = ort.InferenceSession(f"{models}/{name}.onnx", providers=["CPUExecutionProvider"])
            logits = sess.run(None, {sess.get_inputs()[0].name: tensor})[0][0].astype(np.float64)
            e = np.exp(logits - logits.max())
            reals.append(float((e / e.sum())[1]))
            print(name, reals[-1])
        print("real", sum(reals) / 2)


main()
