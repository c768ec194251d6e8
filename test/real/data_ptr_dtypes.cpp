// Real-header tier: element accessors on tensors of another dtype
// (torchdtype-data-ptr-dtype) on the real headers of each version. The
// message is the same in 1.13 and 2.x (check_type in TensorMethods.cpp).
#include <torch/torch.h>

// A CPU kernel of an extension, written for float32.
torch::Tensor leaky(const torch::Tensor &x, double slope) {
  auto out = torch::empty_like(x);
  const float *in = x.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<float>' reads 'x' as Float but it has dtype Half; this throws at run time: "expected scalar type Float but found Half" [kb: pytorch/scalar-type-mismatch] [torchdtype-data-ptr-dtype]
  float *o = out.data_ptr<float>();
  // (the tests report what runs after a throw too: ReportAfterThrow)
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'data_ptr<float>' reads 'out' as Float but it has dtype Half
  for (int64_t i = 0; i < x.numel(); ++i)
    o[i] = in[i] > 0 ? in[i] : static_cast<float>(slope) * in[i];
  return out;
}

void train_step(bool mixed) {
  auto act = torch::randn({16});
  if (mixed)
    act = act.to(torch::kHalf);
  leaky(act, 0.1);
  auto grads = torch::zeros({4, 4}, torch::kDouble);
  auto g = grads.accessor<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'accessor<float>' reads 'grads' as Float but it has dtype Double; this throws at run time: "expected scalar type Float but found Double"
  (void)g;
  auto ok = torch::randn({16});
  leaky(ok, 0.1);
  ok.data_ptr<float>();
  act.item<float>();
}
