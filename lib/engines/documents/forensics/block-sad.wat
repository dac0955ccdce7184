;; The error level analysis' block sums (image-forensics.ts errorLevel) in WebAssembly SIMD: for two grey images of
;; the same size, the sum of |a - b| over each 16×16 block, sixteen pixels at a time. Built by
;; tools/make/image-kernels-wasm.ts into block-sad-wasm.generated.ts.
(module
  (memory (export "memory") 1)

  ;; blockSad(a, b, out, width, bw, bh): out[by × bw + bx] (u32) = Σ |a - b| over the block's 16 rows of 16 bytes,
  ;; for the bw × bh whole blocks from the top left (a row's pixels past bw × 16 and rows past bh × 16 are not read).
  ;; a, b: byte offsets of the images (rows of `width` bytes); out: a byte offset, 4-aligned, of bw × bh u32.
  (func (export "blockSad")
    (param $a i32) (param $b i32) (param $out i32) (param $width i32) (param $bw i32) (param $bh i32)
    (local $y i32) (local $rows i32) (local $pa i32) (local $pb i32) (local $po i32) (local $end i32)
    (local $va v128) (local $vb v128) (local $d v128)
    ;; out zeroed
    (memory.fill (local.get $out) (i32.const 0) (i32.shl (i32.mul (local.get $bw) (local.get $bh)) (i32.const 2)))
    (local.set $rows (i32.shl (local.get $bh) (i32.const 4)))
    (block $rows_done
      (loop $each_row
        (br_if $rows_done (i32.ge_u (local.get $y) (local.get $rows)))
        (local.set $pa (i32.add (local.get $a) (i32.mul (local.get $y) (local.get $width))))
        (local.set $pb (i32.add (local.get $b) (i32.mul (local.get $y) (local.get $width))))
        (local.set $po
          (i32.add (local.get $out)
            (i32.shl (i32.mul (i32.shr_u (local.get $y) (i32.const 4)) (local.get $bw)) (i32.const 2))))
        (local.set $end (i32.add (local.get $pa) (i32.shl (local.get $bw) (i32.const 4))))
        (block $blocks_done
          (loop $each_block
            (br_if $blocks_done (i32.ge_u (local.get $pa) (local.get $end)))
            (local.set $va (v128.load (local.get $pa)))
            (local.set $vb (v128.load (local.get $pb)))
            ;; |a - b| of unsigned bytes: the saturated differences both ways, one of them zero
            (local.set $d (v128.or (i8x16.sub_sat_u (local.get $va) (local.get $vb))
                                   (i8x16.sub_sat_u (local.get $vb) (local.get $va))))
            ;; 16 bytes → 8 u16 → 4 u32 sums (at most 16 × 255: no overflow)
            (local.set $d (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $d))))
            (i32.store (local.get $po)
              (i32.add (i32.load (local.get $po))
                (i32.add
                  (i32.add (i32x4.extract_lane 0 (local.get $d)) (i32x4.extract_lane 1 (local.get $d)))
                  (i32.add (i32x4.extract_lane 2 (local.get $d)) (i32x4.extract_lane 3 (local.get $d))))))
            (local.set $pa (i32.add (local.get $pa) (i32.const 16)))
            (local.set $pb (i32.add (local.get $pb) (i32.const 16)))
            (local.set $po (i32.add (local.get $po) (i32.const 4)))
            (br $each_block)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $each_row)))))
