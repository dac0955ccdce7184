"""Converts @vladmandic/human's four face graph models to ONNX (lib/engines/faces/models/human-*.onnx).

Not part of the build, CI or the app: the .onnx files it writes are committed; run it by hand to reproduce them.
  apt-get install -y python3-onnx python3-numpy        # Debian bookworm: onnx 1.12, numpy 1.24
  /usr/bin/python3 tools/make/human-onnx.py node_modules/@vladmandic/human/models lib/engines/faces/models

No maintained TF.js -> ONNX converter installs here (tf2onnx and tensorflowjs are PyPI-only, PyPI is not reached), so
this is a small generic converter for the op set those four graphs use (a TF GraphDef in JSON, as TF.js' graph models
store it): Const, Placeholder, _FusedConv2D (BiasAdd + Relu / Relu6 / Prelu), DepthwiseConv2dNative, Add/AddV2, Mul,
Relu, Prelu, MaxPool, Pad, Reshape, Sigmoid, Softmax, _FusedMatMul (BiasAdd [+ Relu]), Identity. Anything else stops
the build. The graph keeps TF's NHWC input ([1, H, W, 3], float32) and transposes to ONNX's NCHW once; a Reshape
(the only op whose result depends on the memory order) transposes back to NHWC first, so every output has TF's shape
and order. 'SAME' padding is written as explicit pads (TF puts the odd pixel after). Weights are read from the
manifest's .bin shards and decoded as TF.js' io.decodeWeights does: float32 as is; float16 kept as float16 in the
file behind a Cast (exact, folded by onnxruntime at load); uint8/uint16 as q * scale + min in double, one float32
rounding. Node order follows the JSON's topological order, so the output is byte-identical from run to run.
"""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13
MODELS = [  # (human's file, our file, NHWC input size)
    ("blazeface", "human-blazeface.onnx"),
    ("facemesh", "human-facemesh.onnx"),
    ("antispoof", "human-antispoof.onnx"),
    ("liveness", "human-liveness.onnx"),
]


def load_weights(model_dir, model):
    """{name: (numpy array as TF.js decodes it, float16 source or None)} from the model's weightsManifest."""
    out = {}
    for group in model["weightsManifest"]:
        data = b"".join(open(os.path.join(model_dir, p), "rb").read() for p in group["paths"])
        offset = 0
        for w in group["weights"]:
            n = int(np.prod(w["shape"])) if w["shape"] else 1
            q = w.get("quantization")
            half = None
            if q and q["dtype"] == "float16":
                half = np.frombuffer(data, dtype=np.float16, count=n, offset=offset).reshape(w["shape"])
                values = half.astype(np.float32)
                offset += n * 2
            elif q:
                qdtype = {"uint8": np.uint8, "uint16": np.uint16}[q["dtype"]]
                raw = np.frombuffer(data, dtype=qdtype, count=n, offset=offset)
                values = (raw.astype(np.float64) * q["scale"] + q["min"]).astype(np.float32)
                offset += n * np.dtype(qdtype).itemsize
            else:
                dt = {"float32": np.float32, "int32": np.int32}[w["dtype"]]
                values = np.frombuffer(data, dtype=dt, count=n, offset=offset).copy()
                offset += n * 4
            if w["dtype"] == "int32":
                values = np.round(values).astype(np.int32)
            out[w["name"]] = (values.reshape(w["shape"]), half)
        assert offset == len(data), f"{offset} bytes read of {len(data)}"
    return out


def attr_list(node, key):
    return [int(v) for v in node["attr"][key]["list"]["i"]]


def attr_str(node, key, default=None):
    a = node.get("attr", {}).get(key)
    if not a:
        return default
    import base64

    return base64.b64decode(a["s"]).decode()


def fused_ops(node):
    import base64

    return [base64.b64decode(s).decode() for s in node["attr"]["fused_ops"]["list"].get("s", [])]


class Converter:
    def __init__(self, name, model, weights):
        self.name, self.model, self.weights = name, model, weights
        self.nodes, self.inits, self.inputs, self.outputs = [], [], [], []
        self.shape = {}  # tensor -> its shape (NCHW for 4-D activations, as the ONNX graph holds them)
        self.layout = {}  # tensor -> "nchw" (a 4-D activation, transposed) or "plain"
        self.consts = {}  # TF Const name -> numpy value
        self.count = 0

    def uid(self, base):
        self.count += 1
        return f"{base}_{self.count}"

    def const(self, array, base="c"):
        name = self.uid(base)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def weight(self, tf_name, transform=lambda a: a):
        """A weight after `transform` (transpose/reshape), float16 ones as float16 + Cast (exact)."""
        values, half = self.weights[tf_name]
        if half is None:
            return self.const(np.ascontiguousarray(transform(values)).astype(values.dtype), "w")
        h = self.const(np.ascontiguousarray(transform(half)), "h")
        return self.op("Cast", [h], to=TensorProto.FLOAT)

    def op(self, op_type, inputs, out=None, **attrs):
        out = out or self.uid(op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out

    @staticmethod
    def same_pads(size, k, stride):
        out = -(-size // stride)
        total = max((out - 1) * stride + k - size, 0)
        return out, total // 2, total - total // 2  # TF 'SAME': the odd pixel goes after

    def spatial(self, node, x, kh, kw, strides):
        n, c, h, w = self.shape[x]
        padding = attr_str(node, "padding")
        if padding == "VALID":
            return (h - kh) // strides[0] + 1, (w - kw) // strides[1] + 1, [0, 0, 0, 0]
        assert padding == "SAME", (node["name"], padding)
        oh, pt, pb = self.same_pads(h, kh, strides[0])
        ow, pl, pr = self.same_pads(w, kw, strides[1])
        return oh, ow, [pt, pl, pb, pr]

    def check_conv(self, node):
        assert attr_str(node, "data_format", "NHWC") == "NHWC", node["name"]
        dil = node["attr"].get("dilations")
        assert not dil or attr_list(node, "dilations") == [1, 1, 1, 1], node["name"]
        s = attr_list(node, "strides")
        assert s[0] == 1 and s[3] == 1, node["name"]
        return s[1:3]

    def conv(self, node, x, filt, depthwise, bias=None):
        strides = self.check_conv(node)
        kh, kw, cin, cout = self.weights[filt][0].shape
        oh, ow, pads = self.spatial(node, x, kh, kw, strides)
        if depthwise:  # [kh, kw, in, mult] -> [in * mult, 1, kh, kw], group = in
            w = self.weight(filt, lambda a: np.transpose(a, (2, 3, 0, 1)).reshape(cin * cout, 1, kh, kw))
            channels, group = cin * cout, cin
        else:  # HWIO -> OIHW
            w = self.weight(filt, lambda a: np.transpose(a, (3, 2, 0, 1)))
            channels, group = cout, 1
        inputs = [x, w] + ([self.weight(bias)] if bias else [])
        y = self.op("Conv", inputs, kernel_shape=[kh, kw], strides=strides, pads=pads, group=group)
        self.shape[y], self.layout[y] = [1, channels, oh, ow], "nchw"
        return y

    def activation(self, kind, x, alpha=None):
        if kind == "Relu":
            y = self.op("Relu", [x])
        elif kind == "Relu6":
            y = self.op("Clip", [x, self.const(np.array(0, np.float32)), self.const(np.array(6, np.float32))])
        elif kind == "Prelu":
            y = self.op("PRelu", [x, self.channel_const(alpha, x)])
        else:
            raise ValueError(f"activation {kind}")
        self.shape[y], self.layout[y] = self.shape[x], self.layout[x]
        return y

    def channel_const(self, tf_name, like):
        """A Const broadcast against `like`: per-channel vectors of a NCHW activation become [C, 1, 1]."""
        values = self.weights[tf_name][0]
        if self.layout.get(like) != "nchw" or values.size == 1:
            return self.weight(tf_name)
        c = self.shape[like][1]
        assert values.size == c and values.shape[-1] == c, (tf_name, values.shape, c)
        return self.weight(tf_name, lambda a: a.reshape(c, 1, 1))

    def to_nhwc(self, x):
        if self.layout.get(x) != "nchw":
            return x
        n, c, h, w = self.shape[x]
        y = self.op("Transpose", [x], perm=[0, 2, 3, 1])
        self.shape[y], self.layout[y] = [n, h, w, c], "plain"
        return y

    def convert(self):
        names = {}  # TF tensor name -> ONNX tensor name
        for node in self.model["modelTopology"]["node"]:
            op, name = node["op"], node["name"]
            ins = [names.get(i.split(":")[0], i.split(":")[0]) for i in node.get("input", []) if not i.startswith("^")]
            if op == "Const":
                assert name in self.weights, f"Const {name} has no weight"
                continue
            if op == "Placeholder":
                dims = [int(d["size"]) for d in node["attr"]["shape"]["shape"]["dim"]]
                dims[0] = 1
                self.inputs.append(helper.make_tensor_value_info("input", TensorProto.FLOAT, dims))
                self.shape["input"], self.layout["input"] = dims, "plain"
                y = self.op("Transpose", ["input"], perm=[0, 3, 1, 2])
                self.shape[y], self.layout[y] = [1, dims[3], dims[1], dims[2]], "nchw"
            elif op == "_FusedConv2D":
                fused = fused_ops(node)
                assert fused[0] == "BiasAdd" and len(fused) <= 2, (name, fused)
                y = self.conv(node, ins[0], node["input"][1], False, node["input"][2])
                if len(fused) == 2:
                    y = self.activation(fused[1], y, node["input"][3] if fused[1] == "Prelu" else None)
            elif op == "DepthwiseConv2dNative":
                y = self.conv(node, ins[0], node["input"][1], True)
            elif op in ("Add", "AddV2", "Mul"):
                onnx_op = "Mul" if op == "Mul" else "Add"
                a, b = node["input"][0], node["input"][1]
                if b in self.weights:
                    y = self.op(onnx_op, [ins[0], self.channel_const(b, ins[0])])
                    like = ins[0]
                elif a in self.weights:
                    y = self.op(onnx_op, [self.channel_const(a, ins[1]), ins[1]])
                    like = ins[1]
                else:
                    assert self.shape[ins[0]] == self.shape[ins[1]], (name, self.shape[ins[0]], self.shape[ins[1]])
                    y = self.op(onnx_op, ins)
                    like = ins[0]
                self.shape[y], self.layout[y] = self.shape[like], self.layout[like]
            elif op in ("Relu", "Relu6"):
                y = self.activation(op, ins[0])
            elif op == "Prelu":
                y = self.activation("Prelu", ins[0], node["input"][1])
            elif op in ("Sigmoid", "Softmax"):
                x = ins[0]
                if op == "Softmax":
                    assert self.layout[x] == "plain", name
                    y = self.op("Softmax", [x], axis=-1)
                else:
                    y = self.op("Sigmoid", [x])
                self.shape[y], self.layout[y] = self.shape[x], self.layout[x]
            elif op == "MaxPool":
                assert attr_str(node, "data_format", "NHWC") == "NHWC", name
                k, s = attr_list(node, "ksize"), attr_list(node, "strides")
                assert k[0] == k[3] == s[0] == s[3] == 1, name
                oh, ow, pads = self.spatial(node, ins[0], k[1], k[2], s[1:3])
                y = self.op("MaxPool", [ins[0]], kernel_shape=k[1:3], strides=s[1:3], pads=pads)
                self.shape[y], self.layout[y] = [1, self.shape[ins[0]][1], oh, ow], "nchw"
            elif op == "Pad":
                p = self.weights[node["input"][1]][0]
                assert self.layout[ins[0]] == "nchw" and p.shape == (4, 2), name
                order = [0, 3, 1, 2]  # NHWC rows -> NCHW
                pads = [int(p[i][0]) for i in order] + [int(p[i][1]) for i in order]
                y = self.op("Pad", [ins[0], self.const(np.array(pads, np.int64))], mode="constant")
                self.shape[y] = [d + pads[i] + pads[i + 4] for i, d in enumerate(self.shape[ins[0]])]
                self.layout[y] = "nchw"
            elif op == "Reshape":
                x = self.to_nhwc(ins[0])
                target = [int(v) for v in self.weights[node["input"][1]][0].reshape(-1)]
                total = int(np.prod(self.shape[x]))
                if -1 in target:
                    known = int(np.prod([t for t in target if t != -1]))
                    target = [total // known if t == -1 else t for t in target]
                assert int(np.prod(target)) == total, (name, target, self.shape[x])
                y = self.op("Reshape", [x, self.const(np.array(target, np.int64))])
                self.shape[y], self.layout[y] = target, "plain"
            elif op == "_FusedMatMul":
                fused = fused_ops(node)
                assert fused[0] == "BiasAdd" and len(fused) <= 2, (name, fused)
                for t in ("transpose_a", "transpose_b"):
                    assert not node["attr"].get(t, {}).get("b", False), (name, t)
                x = ins[0]
                assert self.layout[x] == "plain" and len(self.shape[x]) == 2, name
                w = self.weights[node["input"][1]][0]
                y = self.op("MatMul", [x, self.weight(node["input"][1])])
                y = self.op("Add", [y, self.weight(node["input"][2])])
                self.shape[y], self.layout[y] = [self.shape[x][0], w.shape[1]], "plain"
                if len(fused) == 2:
                    y = self.activation(fused[1], y)
            elif op == "Identity":
                x = self.to_nhwc(ins[0])
                self.nodes.append(helper.make_node("Identity", [x], [name]))
                self.outputs.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, self.shape[x]))
                y = name
            else:
                raise ValueError(f"{self.name}: op {op} ({name}) is not supported")
            names[name] = y
        self.outputs.sort(key=lambda v: v.name)  # Identity, Identity_1, … in name order: the same every run

    def save(self, path):
        graph = helper.make_graph(self.nodes, self.name, self.inputs, self.outputs, self.inits)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                                  producer_name="tools/make/human-onnx.py",
                                  doc_string=f"@vladmandic/human models/{self.name}.json converted by tools/make/human-onnx.py")
        model.ir_version = 7
        onnx.checker.check_model(model)
        onnx.save(model, path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    model_dir, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    for name, file in MODELS:
        with open(os.path.join(model_dir, f"{name}.json"), encoding="utf-8") as f:
            model = json.load(f)
        c = Converter(name, model, load_weights(model_dir, model))
        c.convert()
        c.save(os.path.join(out_dir, file))
        print(f"{file}: {len(c.nodes)} nodes, outputs {[(o.name, [d.dim_value for d in o.type.tensor_type.shape.dim]) for o in c.outputs]}")


if __name__ == "__main__":
    main()
