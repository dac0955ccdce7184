;; Contrast-limited local histogram equalisation (local-contrast.ts) in WebAssembly SIMD: libvips' hist_local
;; (what sharp's clahe runs) computed from one 256-bin histogram per column instead of a window histogram adapted
;; column by column, so that moving the window one pixel right is 32 vector additions and subtractions, and the
;; clipped cumulative count is 32 vector minimums. Built by tools/make/image-kernels-wasm.ts into
;; local-contrast-wasm.generated.ts.
;;
;; Memory (byte offsets chosen by the caller): the column histograms, 256 u16 per padded column (512 bytes each)
;; and one more (the last move's, see row);
;; the window histogram, 256 u16 (512 bytes, 16-aligned); rows of bytes handed in and out.
(module
  (memory (export "memory") 1)

  ;; columns(hists, row, count, delta): for each padded column c < count, hists[c][row[c]] += delta (1 or -1).
  (func (export "columns") (param $hists i32) (param $row i32) (param $count i32) (param $delta i32)
    (local $c i32) (local $at i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $c) (local.get $count)))
        (local.set $at
          (i32.add (local.get $hists)
            (i32.add (i32.shl (local.get $c) (i32.const 9))
                     (i32.shl (i32.load8_u (i32.add (local.get $row) (local.get $c))) (i32.const 1)))))
        (i32.store16 (local.get $at) (i32.add (i32.load16_u (local.get $at)) (local.get $delta)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $each))))

  ;; row(hists, window, target, out, width, w, n, slope): one output row. The window histogram starts as the sum of
  ;; columns 0 … w-1; for x < width, with t = target[x]:
  ;;   clipped(i) = min(window[i], slope); c = Σ_{i ≤ t} clipped(i); over = n - Σ_i clipped(i)
  ;;   out[x] = 255 × (c + (t + 1) × over / 256) / n   (integer divisions, as libvips)
  ;; then the window moves right: + column x + w, - column x. After the last x that reads column width + w - 1, one
  ;; past the image's padded columns: the caller keeps it (it is never counted), and the row's window is not used again.
  (func (export "row")
    (param $hists i32) (param $window i32) (param $target i32) (param $out i32)
    (param $width i32) (param $w i32) (param $n i32) (param $slope i32)
    (local $x i32) (local $v i32) (local $c i32) (local $t i32) (local $h v128) (local $m v128)
    (local $all v128) (local $below v128) (local $idx v128) (local $cap v128) (local $tv v128)
    (local $add i32) (local $sub i32) (local $sum i32) (local $total i32)
    (local.set $cap (i16x8.splat (local.get $slope)))
    ;; window = Σ columns 0 … w-1
    (memory.fill (local.get $window) (i32.const 0) (i32.const 512))
    (block $cols_done
      (loop $each_col
        (br_if $cols_done (i32.ge_u (local.get $c) (local.get $w)))
        (local.set $add (i32.add (local.get $hists) (i32.shl (local.get $c) (i32.const 9))))
        (local.set $v (i32.const 0))
        (block $bins_done
          (loop $each_bin
            (br_if $bins_done (i32.ge_u (local.get $v) (i32.const 512)))
            (v128.store (i32.add (local.get $window) (local.get $v))
              (i16x8.add (v128.load (i32.add (local.get $window) (local.get $v)))
                         (v128.load (i32.add (local.get $add) (local.get $v)))))
            (local.set $v (i32.add (local.get $v) (i32.const 16)))
            (br $each_bin)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $each_col)))
    (block $row_done
      (loop $each_x
        (br_if $row_done (i32.ge_u (local.get $x) (local.get $width)))
        (local.set $t (i32.load8_u (i32.add (local.get $target) (local.get $x))))
        (local.set $tv (i16x8.splat (local.get $t)))
        (local.set $all (v128.const i16x8 0 0 0 0 0 0 0 0))
        (local.set $below (v128.const i16x8 0 0 0 0 0 0 0 0))
        (local.set $idx (v128.const i16x8 0 1 2 3 4 5 6 7))
        ;; the next window's columns: + column x + w, - column x
        (local.set $add (i32.add (local.get $hists) (i32.shl (i32.add (local.get $x) (local.get $w)) (i32.const 9))))
        (local.set $sub (i32.add (local.get $hists) (i32.shl (local.get $x) (i32.const 9))))
        (local.set $v (i32.const 0))
        (loop $each_bin
          (local.set $h (v128.load (i32.add (local.get $window) (local.get $v))))
          (local.set $m (i16x8.min_u (local.get $h) (local.get $cap)))
          (local.set $all (i16x8.add (local.get $all) (local.get $m)))
          (local.set $below
            (i16x8.add (local.get $below) (v128.and (local.get $m) (i16x8.le_u (local.get $idx) (local.get $tv)))))
          (local.set $idx (i16x8.add (local.get $idx) (v128.const i16x8 8 8 8 8 8 8 8 8)))
          (v128.store (i32.add (local.get $window) (local.get $v))
            (i16x8.sub (i16x8.add (local.get $h) (v128.load (i32.add (local.get $add) (local.get $v))))
                       (v128.load (i32.add (local.get $sub) (local.get $v)))))
          (local.set $v (i32.add (local.get $v) (i32.const 16)))
          (br_if $each_bin (i32.lt_u (local.get $v) (i32.const 512))))
        ;; lanes of at most 32 × slope (≤ 3200): the horizontal sums in u32
        (local.set $all (i32x4.extadd_pairwise_i16x8_u (local.get $all)))
        (local.set $below (i32x4.extadd_pairwise_i16x8_u (local.get $below)))
        (local.set $total
          (i32.add (i32.add (i32x4.extract_lane 0 (local.get $all)) (i32x4.extract_lane 1 (local.get $all)))
                   (i32.add (i32x4.extract_lane 2 (local.get $all)) (i32x4.extract_lane 3 (local.get $all)))))
        (local.set $sum
          (i32.add (i32.add (i32x4.extract_lane 0 (local.get $below)) (i32x4.extract_lane 1 (local.get $below)))
                   (i32.add (i32x4.extract_lane 2 (local.get $below)) (i32x4.extract_lane 3 (local.get $below)))))
        (local.set $sum
          (i32.add (local.get $sum)
            (i32.div_u (i32.mul (i32.add (local.get $t) (i32.const 1)) (i32.sub (local.get $n) (local.get $total)))
                       (i32.const 256))))
        (i32.store8 (i32.add (local.get $out) (local.get $x))
          (i32.div_u (i32.mul (i32.const 255) (local.get $sum)) (local.get $n)))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $each_x)))))
