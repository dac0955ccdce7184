"""Builds face-api's three nets as ONNX graphs from its published weights (lib/engines/faces/models/).

Not part of the build, CI or the app: the .onnx files it writes are committed; run it by hand to reproduce them.
  apt-get install -y python3-onnx python3-numpy        # Debian bookworm: onnx 1.12, numpy 1.24
  /usr/bin/python3 tools/make/face-api-onnx.py node_modules/@vladmandic/face-api/model lib/engines/faces/models

No maintained TF.js -> ONNX converter installs here (tf2onnx and tensorflowjs are PyPI-only, PyPI is not reached),
so each graph is written with onnx.helper from face-api's own source (src/ssdMobilenetv1, src/faceFeatureExtractor +
src/faceLandmarkNet, src/faceRecognitionNet), op for op, in the same order: no batch-norm folding, no fused
activations, so that float32 rounding stays as close to TF.js' as two runtimes allow. Weights are read from the
weights manifests and .bin shards and dequantised exactly as TF.js' io.decodeWeights does (uint8: q * scale + min,
computed in double, stored as float32). What face-api does in JavaScript (padding to a square, the bilinear resize,
non-max suppression, the landmarks' post-processing, the alignment box) stays in JavaScript
(lib/engines/faces/face-api-onnx.ts).

Each graph takes NHWC float32 pixels [1, S, S, 3] (RGB 0-255, already padded and resized like NetInput.toBatchTensor)
and transposes to NCHW itself.
"""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


def load_weights(model_dir, name):
    with open(os.path.join(model_dir, f"{name}-weights_manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    out = {}
    for group in manifest:
        data = b"".join(open(os.path.join(model_dir, p), "rb").read() for p in group["paths"])
        offset = 0
        for w in group["weights"]:
            n = int(np.prod(w["shape"])) if w["shape"] else 1
            q = w.get("quantization")
            if q:
                qdtype = {"uint8": np.uint8, "uint16": np.uint16, "float16": np.float16}[q["dtype"]]
                raw = np.frombuffer(data, dtype=qdtype, count=n, offset=offset)
                offset += n * np.dtype(qdtype).itemsize
                if q["dtype"] == "float16":
                    values = raw.astype(np.float32)
                else:  # tfjs: new Float32Array(...) of v * scale + min (double arithmetic, one float32 rounding)
                    table = (np.arange(2 ** (8 * np.dtype(qdtype).itemsize), dtype=np.float64) * q["scale"] + q["min"])
                    values = table.astype(np.float32)[raw]
                    if n >= 1024 and qdtype == np.uint8:  # kept as uint8 codes + a 256-entry table: 4x smaller files
                        out[w["name"]] = Quantised(raw.reshape(w["shape"]), table.astype(np.float32))
                        continue
            else:
                dt = {"float32": np.float32, "int32": np.int32}[w["dtype"]]
                values = np.frombuffer(data, dtype=dt, count=n, offset=offset).copy()
                offset += n * 4
            if w["dtype"] == "int32":
                values = np.round(values).astype(np.int32)
            out[w["name"]] = values.reshape(w["shape"])
        assert offset == len(data), f"{name}: {offset} bytes read of {len(data)}"
    return out


class Quantised:
    """A uint8-quantised weight: its codes and the float32 value of each code, as TF.js decodes them. In the graph it
    becomes Gather(table, codes), which onnxruntime folds into a constant at load: the float32 values are the very
    ones TF.js computes, and the file holds one byte per weight as face-api's .bin does."""

    def __init__(self, codes, table):
        self.codes, self.table = codes, table

    def astype(self, dtype):
        return self.table[self.codes].astype(dtype)

    def reshape(self, *shape):
        return self.astype(np.float32).reshape(*shape)

    @property
    def shape(self):
        return self.codes.shape


class Graph:
    """A small builder: NCHW tensors tracked with their shapes so 'same'/'valid' padding is computed like TF's."""

    def __init__(self, name):
        self.name = name
        self.nodes = []
        self.inits = []
        self.shapes = {}
        self.count = 0

    def uid(self, base):
        self.count += 1
        return f"{base}_{self.count}"

    def const(self, array, base="c"):
        name = self.uid(base)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def weight(self, w, transform=lambda a: a):
        """A weight tensor after `transform` (a transpose/reshape): float32 as is, Quantised as Gather(table, codes)."""
        if not isinstance(w, Quantised):
            return self.const(transform(np.asarray(w)).astype(np.float32), "w")
        codes = self.const(np.ascontiguousarray(transform(w.codes)), "q")
        index = self.op("Cast", [codes], to=TensorProto.INT32)
        return self.op("Gather", [self.const(w.table, "table"), index], axis=0)

    def op(self, op_type, inputs, shape=None, base=None, **attrs):
        out = self.uid(base or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        if shape is not None:
            self.shapes[out] = list(shape)
        return out

    @staticmethod
    def pads(size, k, stride, padding):
        if padding == "valid":
            return (size - k) // stride + 1, 0, 0
        out = -(-size // stride)
        total = max((out - 1) * stride + k - size, 0)
        return out, total // 2, total - total // 2  # TF 'same': the odd pixel goes after

    def conv(self, x, filters_hwio, stride, padding, depthwise=False):
        n, c, h, w = self.shapes[x]
        kh, kw, cin, cout = filters_hwio.shape
        oh, pt, pb = self.pads(h, kh, stride, padding)
        ow, pl, pr = self.pads(w, kw, stride, padding)
        if depthwise:  # [kh, kw, in, mult] -> [in * mult, 1, kh, kw], group = in
            weight = self.weight(filters_hwio, lambda a: np.transpose(a, (2, 3, 0, 1)).reshape(cin * cout, 1, kh, kw))
            channels, group = cin * cout, cin
        else:
            weight = self.weight(filters_hwio, lambda a: np.transpose(a, (3, 2, 0, 1)))
            channels, group = cout, 1
        return self.op("Conv", [x, weight], [n, channels, oh, ow],
                       kernel_shape=[kh, kw], strides=[stride, stride], pads=[pt, pl, pb, pr], group=group)

    def channel(self, x, vector, op_type):
        v = (vector.astype(np.float32) if isinstance(vector, Quantised) else np.asarray(vector, np.float32)).reshape(1, -1, 1, 1)
        return self.op(op_type, [x, self.const(v)], self.shapes[x])

    def scalar(self, x, value, op_type):
        return self.op(op_type, [x, self.const(np.array(value, dtype=np.float32))], self.shapes[x])

    def relu(self, x):
        return self.op("Relu", [x], self.shapes[x])

    def add(self, a, b):
        return self.op("Add", [a, b], self.shapes[a])

    def clip6(self, x):
        return self.op("Clip", [x, self.const(np.array(0, np.float32)), self.const(np.array(6, np.float32))],
                       self.shapes[x])

    def pool(self, op_type, x, k, stride):
        n, c, h, w = self.shapes[x]
        return self.op(op_type, [x], [n, c, (h - k) // stride + 1, (w - k) // stride + 1],
                       kernel_shape=[k, k], strides=[stride, stride])

    def nhwc_input(self, size):
        self.input = helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, size, size, 3])
        self.shapes["input"] = [1, size, size, 3]
        return self.op("Transpose", ["input"], [1, 3, size, size], perm=[0, 3, 1, 2])

    def save(self, path, outputs, doc):
        graph = helper.make_graph(self.nodes, self.name, [self.input], outputs, self.inits)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                                  producer_name="tools/make/face-api-onnx.py", doc_string=doc)
        model.ir_version = 7
        onnx.checker.check_model(model)
        onnx.save(model, path)


def ssd_mobilenetv1(weights):
    """src/ssdMobilenetv1: mobileNetV1 + predictionLayer + outputLayer (box decoding, sigmoid of class 1)."""
    g = Graph("ssd_mobilenetv1")
    x = g.nhwc_input(512)
    x = g.scalar(g.scalar(x, 127.5, "Div"), 1, "Sub")  # tf.sub(tf.div(batchTensor, 127.5), 1)

    def pointwise(x, prefix, idx, stride):  # pointwiseConvLayer: conv 'same' + bn offset, clip 0..6
        out = g.conv(x, weights[f"{prefix}/Conv2d_{idx}_pointwise/weights"], stride, "same")
        out = g.channel(out, weights[f"{prefix}/Conv2d_{idx}_pointwise/convolution_bn_offset"], "Add")
        return g.clip6(out)

    def depthwise(x, idx, stride):  # depthwiseConvLayer: tf.batchNorm = (x - mean) * rsqrt(var + eps) * scale + offset
        p = f"MobilenetV1/Conv2d_{idx}_depthwise"
        out = g.conv(x, weights[f"{p}/depthwise_weights"], stride, "same", depthwise=True)
        # x - mean written as x + (-mean): the same value in IEEE arithmetic (negation is exact), and the form
        # onnxruntime's ConvAddFusion recognises, so that it folds the whole batch norm into the depthwise conv and
        # fuses the clip (a Sub between them blocked every fusion: 69 -> 50 ms per SSD run on one core)
        mean = weights[f"{p}/BatchNorm/moving_mean"]
        out = g.channel(out, -(mean.astype(np.float32) if isinstance(mean, Quantised) else np.asarray(mean, np.float32)), "Add")
        inv = (1 / np.sqrt(weights[f"{p}/BatchNorm/moving_variance"].astype(np.float32) + np.float32(0.0010000000474974513)))
        out = g.channel(out, inv.astype(np.float32), "Mul")
        out = g.channel(out, weights[f"{p}/BatchNorm/gamma"], "Mul")
        out = g.channel(out, weights[f"{p}/BatchNorm/beta"], "Add")
        return g.clip6(out)

    out = pointwise(x, "MobilenetV1", 0, 2)
    conv11 = None
    for idx in range(1, 14):
        out = depthwise(out, idx, 2 if idx in (2, 4, 6, 12) else 1)
        out = pointwise(out, "MobilenetV1", idx, 1)
        if idx == 11:
            conv11 = out

    convs = [out]
    for idx in range(8):
        convs.append(pointwise(convs[-1], "Prediction", idx, 2 if idx % 2 == 1 else 1))
    sources = [conv11, out, convs[2], convs[4], convs[6], convs[8]]  # conv11, x, conv1, conv3, conv5, conv7

    boxes, classes = [], []
    for idx, src in enumerate(sources):
        p = f"Prediction/BoxPredictor_{idx}"
        for kind, per, dest in (("BoxEncodingPredictor", 4, boxes), ("ClassPredictor", 3, classes)):
            y = g.conv(src, weights[f"{p}/{kind}/weights"], 1, "same")
            y = g.channel(y, weights[f"{p}/{kind}/biases"], "Add")
            n, c, h, w = g.shapes[y]
            y = g.op("Transpose", [y], [1, h, w, c], perm=[0, 2, 3, 1])  # back to TF's NHWC order before reshape
            dest.append(g.op("Reshape", [y, g.const(np.array([-1, per], np.int64))], [h * w * c // per, per]))
    total = sum(g.shapes[b][0] for b in boxes)
    box_pred = g.op("Concat", boxes, [total, 4], axis=0)
    class_pred = g.op("Concat", classes, [total, 3], axis=0)

    # outputLayer.decodeBoxesLayer, in its order of float32 operations
    anchors = weights["Output/extra_dim"].astype(np.float32).reshape(-1, 4)
    assert anchors.shape[0] == total, (anchors.shape, total)
    a = [anchors[:, i] for i in range(4)]
    size0, size1 = (a[2] - a[0]).astype(np.float32), (a[3] - a[1]).astype(np.float32)
    center0 = (a[0] + size0 / np.float32(2)).astype(np.float32)
    center1 = (a[1] + size1 / np.float32(2)).astype(np.float32)

    def col(t, i):
        return g.op("Gather", [t, g.const(np.array(i, np.int64))], [total], axis=1)

    def half_extent(v, size):  # tf.div(tf.mul(tf.exp(tf.div(v, 5)), size), 2)
        e = g.op("Exp", [g.scalar(v, 5, "Div")], [total])
        return g.scalar(g.op("Mul", [e, g.const(size)], [total]), 2, "Div")

    def centre(v, size, c):  # tf.add(tf.mul(tf.div(v, 10), size), center)
        return g.op("Add", [g.op("Mul", [g.scalar(v, 10, "Div"), g.const(size)], [total]), g.const(c)], [total])

    v = [col(box_pred, i) for i in range(4)]
    div0, add0 = half_extent(v[2], size0), centre(v[0], size0, center0)
    div1, add1 = half_extent(v[3], size1), centre(v[1], size1, center1)
    corners = [g.op("Sub", [add0, div0], [total]), g.op("Sub", [add1, div1], [total]),
               g.op("Add", [add0, div0], [total]), g.op("Add", [add1, div1], [total])]
    unsq = [g.op("Unsqueeze", [c, g.const(np.array([1], np.int64))], [total, 1]) for c in corners]
    g.nodes.append(helper.make_node("Concat", unsq, ["boxes"], axis=1))
    score = g.op("Sigmoid", [col(class_pred, 1)], [total])
    g.nodes.append(helper.make_node("Identity", [score], ["scores"]))
    g.save_outputs = [helper.make_tensor_value_info("boxes", TensorProto.FLOAT, [total, 4]),
                      helper.make_tensor_value_info("scores", TensorProto.FLOAT, [total])]
    return g


def normalise_mean_rgb(g, x):  # normalize(batchTensor, meanRgb).div(255)
    x = g.channel(x, [122.782, 117.001, 104.298], "Sub")
    return g.scalar(x, 255, "Div")


def face_landmark_68(weights):
    """src/faceFeatureExtractor (denseBlock4 x 4, avgPool 7/2) + src/faceProcessor (fc): 136 relative coordinates."""
    g = Graph("face_landmark_68")
    x = normalise_mean_rgb(g, g.nhwc_input(112))

    def separable(x, p, stride):  # tf.separableConv2d(depthwise, pointwise 'valid') + bias
        out = g.conv(x, weights[f"{p}/depthwise_filter"], stride, "same", depthwise=True)
        out = g.conv(out, weights[f"{p}/pointwise_filter"], 1, "valid")
        return g.channel(out, weights[f"{p}/bias"], "Add")

    def dense_block4(x, prefix, first):
        if first:
            out1 = g.channel(g.conv(x, weights[f"{prefix}/conv0/filters"], 2, "same"), weights[f"{prefix}/conv0/bias"], "Add")
        else:
            out1 = separable(x, f"{prefix}/conv0", 2)
        out1 = g.relu(out1)
        out2 = separable(out1, f"{prefix}/conv1", 1)
        in3 = g.relu(g.add(out1, out2))
        out3 = separable(in3, f"{prefix}/conv2", 1)
        in4 = g.relu(g.add(out1, g.add(out2, out3)))
        out4 = separable(in4, f"{prefix}/conv3", 1)
        return g.relu(g.add(out1, g.add(out2, g.add(out3, out4))))

    out = x
    for i in range(4):
        out = dense_block4(out, f"dense{i}", i == 0)
    out = g.pool("AveragePool", out, 7, 2)
    n, c, h, w = g.shapes[out]
    assert (h, w) == (1, 1), g.shapes[out]
    flat = g.op("Reshape", [out, g.const(np.array([1, c], np.int64))], [1, c])
    fc = g.op("MatMul", [flat, g.weight(weights["fc/weights"])], [1, 136])
    g.nodes.append(helper.make_node("Add", [fc, g.const(weights["fc/bias"].astype(np.float32).reshape(1, -1))], ["landmarks"]))
    g.save_outputs = [helper.make_tensor_value_info("landmarks", TensorProto.FLOAT, [1, 136])]
    return g


def face_recognition(weights):
    """src/faceRecognitionNet: dlib's ResNet-34 as face-api runs it, 128-d descriptor."""
    g = Graph("face_recognition")
    x = normalise_mean_rgb(g, g.nhwc_input(150))

    def conv_layer(x, p, stride, relu, padding="same"):  # conv + bias, scale layer (mul + add), relu
        out = g.conv(x, weights[f"{p}/conv/filters"], stride, padding)
        out = g.channel(out, weights[f"{p}/conv/bias"], "Add")
        out = g.channel(out, weights[f"{p}/scale/weights"], "Mul")
        out = g.channel(out, weights[f"{p}/scale/biases"], "Add")
        return g.relu(out) if relu else out

    def residual(x, p):
        out = conv_layer(x, f"{p}/conv1", 1, True)
        out = conv_layer(out, f"{p}/conv2", 1, False)
        return g.relu(g.add(out, x))

    def residual_down(x, p):
        out = conv_layer(x, f"{p}/conv1", 2, True, "valid")
        out = conv_layer(out, f"{p}/conv2", 1, False)
        pooled = g.pool("AveragePool", x, 2, 2)
        n, c, h, w = g.shapes[out]
        _, pc, ph, pw = g.shapes[pooled]
        if (ph, pw) != (h, w):  # face-api concatenates one row and one column of zeros after out
            assert (ph - h, pw - w) == (1, 1), (g.shapes[pooled], g.shapes[out])
            out = g.op("Pad", [out, g.const(np.array([0, 0, 0, 0, 0, 0, 1, 1], np.int64))], [n, c, ph, pw])
        if pc != c:  # and zero channels after pooled
            pooled = g.op("Pad", [pooled, g.const(np.array([0, 0, 0, 0, 0, c - pc, 0, 0], np.int64))], [n, c, ph, pw])
        return g.relu(g.op("Add", [pooled, out], [n, c, ph, pw]))

    out = conv_layer(x, "conv32_down", 2, True, "valid")
    out = g.pool("MaxPool", out, 3, 2)
    for p in ("conv32_1", "conv32_2", "conv32_3"):
        out = residual(out, p)
    for down, rest in (("conv64_down", ("conv64_1", "conv64_2", "conv64_3")), ("conv128_down", ("conv128_1", "conv128_2")),
                       ("conv256_down", ("conv256_1", "conv256_2"))):
        out = residual_down(out, down)
        for p in rest:
            out = residual(out, p)
    out = residual_down(out, "conv256_down_out")
    n, c, h, w = g.shapes[out]
    mean = g.op("ReduceMean", [out], [1, c], axes=[2, 3], keepdims=0)  # out.mean([1, 2]) in NHWC
    g.nodes.append(helper.make_node("MatMul", [mean, g.weight(weights["fc"])], ["descriptor"]))
    g.save_outputs = [helper.make_tensor_value_info("descriptor", TensorProto.FLOAT, [1, 128])]
    return g


NETS = [
    ("ssd_mobilenetv1_model", "ssd_mobilenetv1.onnx", ssd_mobilenetv1),
    ("face_landmark_68_model", "face_landmark_68.onnx", face_landmark_68),
    ("face_recognition_model", "face_recognition.onnx", face_recognition),
]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    model_dir, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    for manifest, file, build in NETS:
        g = build(load_weights(model_dir, manifest))
        g.save(os.path.join(out_dir, file), g.save_outputs,
               f"@vladmandic/face-api model/{manifest} rebuilt by tools/make/face-api-onnx.py")
        print(f"{file}: {len(g.nodes)} nodes")


if __name__ == "__main__":
    main()
