// Real-header tier: an Embedding given ids computed in floating point, and
// warnings quoting the message the program prints. For 1.13 the dtypes are
// filled in (each text observed on LibTorch 1.13.1, test/runtime); for 2.x
// only where the record's text was read in 2.x's source (embedding, mm),
// else no message is quoted, only the record linked.
#include <torch/torch.h>

#include <cmath>

struct PriceEncoder : torch::nn::Module {
  PriceEncoder() { table = register_module("table", torch::nn::Embedding(16, 4)); }
  torch::Tensor forward(const torch::Tensor &prices) {
    auto buckets = torch::floor(torch::log1p(prices) / std::log(2.0)).clamp(0, 15);
    return table(buckets);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'table' looks up indices of dtype Float but takes only Long or Int indices; this throws at run time: "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead (while checking arguments for embedding)" [kb: pytorch/embedding-index-dtype] [torchdtype-module-input-dtype]
    // CHECK-MESSAGES: :[[@LINE+24]]:17: note: in this call of 'forward'
  }
  torch::nn::Embedding table{nullptr};
};

torch::Tensor project(const torch::Tensor &x) {
  auto w = torch::randn({4, 4}, torch::kDouble);
  return torch::mm(x, w);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time: "expected scalar type Float but found Double" [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V2: :[[@LINE-2]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time: "expected m1 and m2 to have the same dtype, but got: float != double" [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

// A float16 first operand: 1.13.1's CPU fails on the missing kernel first.
torch::Tensor project_half(const torch::Tensor &ids) {
  auto h = torch::randn({4, 4}, torch::kHalf);
  auto w = torch::randn({4, 4});
  return torch::mm(h, w) + ids;
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time: ""addmm_impl_cpu_" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V2: :[[@LINE-2]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time: "expected m1 and m2 to have the same dtype, but got: c10::Half != float" [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

int main() {
  auto prices = torch::rand({6}) * 500.0;
  auto net = std::make_shared<PriceEncoder>();
  auto h = net->forward(prices);
  auto out = project(torch::ones({2, 4}));
  auto hist = torch::zeros({4}, torch::kFloat);
  hist.index_put_({torch::tensor({0, 1})}, torch::ones({2}, torch::kDouble));
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:3: warning: 'index_put_' needs a source of the dtype of 'hist' (Float) but gets Double; this throws at run time: "Index put requires the source and destination dtypes match, got Float for the destination and Double for the source." [kb: pytorch/index-put-dtype-mismatch] [torchdtype-inplace-dtype]
  // CHECK-MESSAGES-V2: :[[@LINE-2]]:3: warning: 'index_put_' needs a source of the dtype of 'hist' (Float) but gets Double; this throws at run time [kb: pytorch/index-put-dtype-mismatch] [torchdtype-inplace-dtype]
  return int(h.numel() + out.numel());
}
