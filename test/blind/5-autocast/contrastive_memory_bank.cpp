// scenario: contrastive feature memory bank kept in float32 and refreshed from bf16 autocast projections
// tier: 5
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <cmath>
#include <iostream>

namespace nn = torch::nn;
namespace F = torch::nn::functional;

class MemoryBank {
public:
  MemoryBank(int64_t size, int64_t dim, double momentum)
      : bank_(F::normalize(torch::randn({size, dim}), F::NormalizeFuncOptions().dim(1))),
        hits_(torch::zeros({size})), momentum_(momentum) {}

  // Momentum update of the rows seen in this batch.
  void update(const torch::Tensor &ids, const torch::Tensor &features) {
    auto feats = features.detach().type_as(bank_);
    auto old_rows = bank_.index_select(0, ids);
    auto mixed = F::normalize(old_rows * momentum_ + feats * (1.0 - momentum_),
                              F::NormalizeFuncOptions().dim(1));
    bank_.index_copy_(0, ids, mixed);
    hits_.index_add_(0, ids, torch::ones(ids.sizes(), hits_.options()));
  }

  torch::Tensor logits(const torch::Tensor &queries, double temperature) const {
    return torch::mm(queries, bank_.t()) / temperature;
  }

  const torch::Tensor &bank() const { return bank_; }
  const torch::Tensor &hits() const { return hits_; }

private:
  torch::Tensor bank_;
  torch::Tensor hits_;
  double momentum_;
};

int main() {
  torch::manual_seed(27);
  const int64_t dataset = 256, in_dim = 32, dim = 16, batch = 24;
  nn::Sequential projector(nn::Linear(in_dim, 64), nn::ReLU(), nn::Linear(64, dim));
  torch::optim::SGD opt(projector->parameters(), torch::optim::SGDOptions(0.05));
  MemoryBank memory(dataset, dim, 0.5);
  auto data = torch::randn({dataset, in_dim});

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  double last_loss = 0.0;
  for (int step = 0; step < 20; ++step) {
    auto ids = torch::randperm(dataset).slice(0, 0, batch);
    auto x = data.index_select(0, ids);

    at::autocast::set_cpu_enabled(true);
    auto z = F::normalize(projector->forward(x), F::NormalizeFuncOptions().dim(1));
    auto logits = memory.logits(z, 0.1);
    auto loss = F::cross_entropy(logits, ids);
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();

    opt.zero_grad();
    loss.backward();
    opt.step();
    memory.update(ids, z);
    last_loss = loss.item<double>();
    if (step % 5 == 0)
      std::cout << "step " << step << " z " << z.dtype() << " loss " << last_loss << "\n";
  }

  auto norms = memory.bank().norm(2, 1);
  std::cout << "bank " << memory.bank().dtype() << " rows touched "
            << memory.hits().gt(0).sum().item<int64_t>() << " norm range " << norms.min().item<float>()
            << ".." << norms.max().item<float>() << "\n";
  return std::isfinite(last_loss) && memory.bank().scalar_type() == torch::kFloat ? 0 : 1;
}
