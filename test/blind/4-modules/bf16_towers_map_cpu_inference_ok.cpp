// scenario: a two-tower retrieval model keeps its towers in a std::map and runs them in bfloat16 on the CPU to save memory; every op in the towers has a bfloat16 CPU kernel
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

torch::nn::Sequential make_tower(int64_t in, int64_t dim) {
  return torch::nn::Sequential(
      torch::nn::Linear(in, dim),
      torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})),
      torch::nn::Linear(dim, dim));
}

struct TwoTower {
  std::map<std::string, torch::nn::Sequential> towers;
  torch::Dtype compute_dtype = torch::kBFloat16;

  TwoTower(int64_t query_in, int64_t doc_in, int64_t dim) {
    towers.emplace("query", make_tower(query_in, dim));
    towers.emplace("doc", make_tower(doc_in, dim));
    for (auto& entry : towers) entry.second->to(compute_dtype);
  }

  torch::Tensor embed(const std::string& side, const torch::Tensor& x) {
    torch::Tensor e = towers.at(side)->forward(x.to(compute_dtype));
    return e / e.norm(2, -1, /*keepdim=*/true);
  }
};

int main() {
  torch::manual_seed(6);
  TwoTower model(10, 14, 8);
  torch::NoGradGuard no_grad;

  torch::Tensor queries = model.embed("query", torch::randn({3, 10}));
  torch::Tensor docs = model.embed("doc", torch::randn({5, 14}));
  torch::Tensor sim = torch::mm(queries, docs.t()); // bf16 GEMM exists on the CPU
  torch::Tensor top = std::get<1>(sim.to(torch::kFloat).topk(2, 1));
  std::cout << "similarity " << sim.dtype() << " top docs\n" << top << "\n";
  return 0;
}
