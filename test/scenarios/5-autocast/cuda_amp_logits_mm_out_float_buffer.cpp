// scenario: a GPU retrieval service keeps a float32 logits buffer and fills it with mm_out from query and passage projections computed under CUDA autocast (float16)
// tier: 5
// family: out-dtype
// expect: bug
// verified: source
// source: torchgen-generated build/aten/src/ATen/RegisterCUDA.cpp (1.13.1): resize_out of the structured mm.out kernel (meta: aten/src/ATen/native/LinearAlgebra.cpp TORCH_META_FUNC(mm) takes self's dtype; impl: aten/src/ATen/native/cuda/Blas.cpp TORCH_IMPL_FUNC(mm_out_cuda)) checks options.dtype() == out.dtype(); mm.out has no autocast kernel, the same check raises on the CPU with BFloat16
// raises: Expected out tensor to have dtype c10::Half, but got float instead
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct DualEncoder {
  torch::nn::Linear query_tower{128, 64};
  torch::nn::Linear passage_tower{128, 64};
  void to(torch::Device d) {
    query_tower->to(d);
    passage_tower->to(d);
  }
};

int main() {
  torch::manual_seed(0);
  torch::Device gpu(torch::kCUDA);
  torch::NoGradGuard no_grad;
  DualEncoder model;
  model.to(gpu);
  auto logits_buffer = torch::empty({32, 1000}, torch::TensorOptions().device(gpu));

  auto queries = torch::randn({32, 128}, gpu);
  auto passages = torch::randn({1000, 128}, gpu);
  at::autocast::set_enabled(true);
  auto q = model.query_tower(queries);
  auto p = model.passage_tower(passages);
  torch::mm_out(logits_buffer, q, p.t()); // BUG
  at::autocast::set_enabled(false);
  auto best = logits_buffer.argmax(1);
  std::cout << "best passage per query " << best.cpu().narrow(0, 0, 5) << "\n";
  return 0;
}
