;; The float32 blends of TF.js' bilinear kernels (tfjs-backend-wasm ResizeBilinear and CropAndResize, as transcribed
;; in face-api-ops.ts and tfjs-image-kernels.ts) in WebAssembly SIMD: the same IEEE float32 operations in the same
;; order (sub, mul, add; div for the crop's / 255, div and sub for the detector's input), four values at a time, so every output float is the one the
;; JavaScript gives (image-kernels-wasm.test.ts compares them bit for bit). WebAssembly never fuses a multiply-add.
;; Built by tools/make/image-kernels-wasm.ts into image-kernels-wasm.generated.ts. Addresses are byte offsets.
(module
  (memory (export "memory") 1)

  ;; out[i] = t[i] + (b[i] - t[i]) * w, i in [0, n): one output row from its two horizontally blended source rows
  (func (export "vblend") (param $out i32) (param $t i32) (param $b i32) (param $w f32) (param $n i32)
    (local $end i32) (local $wv v128) (local $tv v128) (local $ts f32)
    (local.set $wv (f32x4.splat (local.get $w)))
    (local.set $end (i32.add (local.get $out) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (local.set $tv (v128.load (local.get $t)))
      (v128.store (local.get $out)
        (f32x4.add (local.get $tv) (f32x4.mul (f32x4.sub (v128.load (local.get $b)) (local.get $tv)) (local.get $wv))))
      (local.set $out (i32.add (local.get $out) (i32.const 16)))
      (local.set $t (i32.add (local.get $t) (i32.const 16)))
      (local.set $b (i32.add (local.get $b) (i32.const 16)))
      (br $next)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (local.set $ts (f32.load (local.get $t)))
      (f32.store (local.get $out)
        (f32.add (local.get $ts) (f32.mul (f32.sub (f32.load (local.get $b)) (local.get $ts)) (local.get $w))))
      (local.set $out (i32.add (local.get $out) (i32.const 4)))
      (local.set $t (i32.add (local.get $t) (i32.const 4)))
      (local.set $b (i32.add (local.get $b) (i32.const 4)))
      (br $next))))

  ;; out[i] = (t[i] + (b[i] - t[i]) * w) / 255: a row of the mesh crop (CropAndResize, then human's / 255)
  (func (export "vblendDiv255") (param $out i32) (param $t i32) (param $b i32) (param $w f32) (param $n i32)
    (local $end i32) (local $wv v128) (local $tv v128) (local $ts f32) (local $d v128)
    (local.set $wv (f32x4.splat (local.get $w)))
    (local.set $d (f32x4.splat (f32.const 255)))
    (local.set $end (i32.add (local.get $out) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (local.set $tv (v128.load (local.get $t)))
      (v128.store (local.get $out)
        (f32x4.div
          (f32x4.add (local.get $tv) (f32x4.mul (f32x4.sub (v128.load (local.get $b)) (local.get $tv)) (local.get $wv)))
          (local.get $d)))
      (local.set $out (i32.add (local.get $out) (i32.const 16)))
      (local.set $t (i32.add (local.get $t) (i32.const 16)))
      (local.set $b (i32.add (local.get $b) (i32.const 16)))
      (br $next)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (local.set $ts (f32.load (local.get $t)))
      (f32.store (local.get $out)
        (f32.div
          (f32.add (local.get $ts) (f32.mul (f32.sub (f32.load (local.get $b)) (local.get $ts)) (local.get $w)))
          (f32.const 255)))
      (local.set $out (i32.add (local.get $out) (i32.const 4)))
      (local.set $t (i32.add (local.get $t) (i32.const 4)))
      (local.set $b (i32.add (local.get $b) (i32.const 4)))
      (br $next))))

  ;; One source row blended horizontally: for c in [0, cols), into[3c..3c+2] = a + (z - a) * frac[c], a and z the
  ;; RGB pixels at row + lo[c] and row + hi[c] (lo, hi: i32 element offsets; frac: f32). Each pixel is read and
  ;; written as four floats, the fourth the next pixel's first: the next column overwrites it, so the source and
  ;; `into` need 16 bytes of slack after them.
  (func (export "hblendF32") (param $row i32) (param $lo i32) (param $hi i32) (param $frac i32) (param $into i32)
    (param $cols i32)
    (local $end i32) (local $av v128)
    (local.set $end (i32.add (local.get $lo) (i32.shl (local.get $cols) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $lo) (local.get $end)))
      (local.set $av (v128.load (i32.add (local.get $row) (i32.shl (i32.load (local.get $lo)) (i32.const 2)))))
      (v128.store (local.get $into)
        (f32x4.add (local.get $av)
          (f32x4.mul
            (f32x4.sub
              (v128.load (i32.add (local.get $row) (i32.shl (i32.load (local.get $hi)) (i32.const 2))))
              (local.get $av))
            (v128.load32_splat (local.get $frac)))))
      (local.set $lo (i32.add (local.get $lo) (i32.const 4)))
      (local.set $hi (i32.add (local.get $hi) (i32.const 4)))
      (local.set $frac (i32.add (local.get $frac) (i32.const 4)))
      (local.set $into (i32.add (local.get $into) (i32.const 12)))
      (br $next))))

  ;; The same for a byte source (lo, hi: byte offsets); bytes widen to float32 exactly.
  (func (export "hblendU8") (param $row i32) (param $lo i32) (param $hi i32) (param $frac i32) (param $into i32)
    (param $cols i32)
    (local $end i32) (local $av v128)
    (local.set $end (i32.add (local.get $lo) (i32.shl (local.get $cols) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $lo) (local.get $end)))
      (local.set $av
        (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (i16x8.extend_low_i8x16_u
          (v128.load32_zero (i32.add (local.get $row) (i32.load (local.get $lo))))))))
      (v128.store (local.get $into)
        (f32x4.add (local.get $av)
          (f32x4.mul
            (f32x4.sub
              (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (i16x8.extend_low_i8x16_u
                (v128.load32_zero (i32.add (local.get $row) (i32.load (local.get $hi)))))))
              (local.get $av))
            (v128.load32_splat (local.get $frac)))))
      (local.set $lo (i32.add (local.get $lo) (i32.const 4)))
      (local.set $hi (i32.add (local.get $hi) (i32.const 4)))
      (local.set $frac (i32.add (local.get $frac) (i32.const 4)))
      (local.set $into (i32.add (local.get $into) (i32.const 12)))
      (br $next))))
;; x = x / d - s for the n floats at p (the face detector's input: / 127.5 - 1, TF.js' div then sub)
  (func (export "divideSubtract") (param $p i32) (param $n i32) (param $d f32) (param $s f32)
    (local $end i32) (local $dv v128) (local $sv v128)
    (local.set $dv (f32x4.splat (local.get $d)))
    (local.set $sv (f32x4.splat (local.get $s)))
    (local.set $end (i32.add (local.get $p) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
      (v128.store (local.get $p) (f32x4.sub (f32x4.div (v128.load (local.get $p)) (local.get $dv)) (local.get $sv)))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (br $next)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
      (f32.store (local.get $p) (f32.sub (f32.div (f32.load (local.get $p)) (local.get $d)) (local.get $s)))
      (local.set $p (i32.add (local.get $p) (i32.const 4)))
      (br $next))))
)
