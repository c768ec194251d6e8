// Real-header tier: the AT_DISPATCH_* family as each version's
// ATen/Dispatch.h writes it (1.13's AT_DISPATCH_SWITCH, 2.x's
// THO_DISPATCH_SWITCH_TMPL): torchdtype-dispatch-missing-dtype on a dtype
// no case covers, each case's body judged with its own dtype
// (torchdtype-data-ptr-dtype), and a second tensor read with scalar_t
// without a check (torchdtype-dispatch-operand-dtype).
#include <torch/torch.h>

// An extension's CPU kernel: float32 and float64 only.
torch::Tensor scale_rows(const torch::Tensor &x, double factor) {
  auto src = x.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "scale_rows", [&] {
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: AT_DISPATCH_FLOATING_TYPES "scale_rows" has no case for 'src' of dtype Half (it covers Float, Double); this throws at run time: ""scale_rows" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-dispatch-missing-dtype]
    const scalar_t *in = src.data_ptr<scalar_t>();
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = in[i] * static_cast<scalar_t>(factor);
  });
  return out;
}

// Weights read with the input's element type.
torch::Tensor weighted(const torch::Tensor &x, const torch::Tensor &w) {
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "weighted", [&] {
    const scalar_t *wp = w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<{{.*}}>' reads 'w' as Half but it has dtype Float; this throws at run time: "expected scalar type Half but found Float" [kb: pytorch/scalar-type-mismatch] [torchdtype-data-ptr-dtype]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x', but nothing checks that 'w' has it; called with two dtypes (autocast's bfloat16 activations and float32 weights) this throws at run time [kb: pytorch/scalar-type-mismatch] [torchdtype-dispatch-operand-dtype]
    out.data_ptr<scalar_t>()[0] = wp[0];
  });
  return out;
}

// Checked on entry: quiet.
torch::Tensor weighted_checked(const torch::Tensor &x, const torch::Tensor &w) {
  TORCH_CHECK(w.scalar_type() == x.scalar_type(), "w must have x's dtype");
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "weighted_checked", [&] {
    out.data_ptr<scalar_t>()[0] = w.data_ptr<scalar_t>()[0];
  });
  return out;
}

void inference(bool half_precision) {
  auto feats = torch::randn({8});
  if (half_precision)
    feats = feats.to(torch::kHalf);
  scale_rows(feats, 0.5);
  scale_rows(torch::randn({8}, torch::kDouble), 2.0);
  auto w = torch::randn({8}, torch::kFloat);
  weighted(feats, w);
  weighted(feats, w.to(feats.scalar_type()));
}

// Covered dtypes and the V2 spelling where the version has it: quiet.
void covered() {
  auto h = torch::ones({4}, torch::kHalf);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, h.scalar_type(),
                                  "covered", [&] {
    (void)h.data_ptr<scalar_t>();
  });
  AT_DISPATCH_ALL_TYPES_AND(at::kHalf, h.scalar_type(), "all", [&] {
    (void)h.data_ptr<scalar_t>();
  });
}
