// scenario: gradient accumulation over micro-batches sums only the touched embedding rows into a buffer created on the first micro-batch, float64 when high-precision accumulation is on
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Double) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>
#include <tuple>

int main() {
  torch::manual_seed(0);
  const int64_t vocab = 20, dim = 4, accum_steps = 3;
  const bool high_precision_accum = true;

  torch::nn::Embedding emb(vocab, dim);
  torch::nn::Linear head(dim, 2);
  std::vector<torch::Tensor> params = emb->parameters();
  for (auto& p : head->parameters())
    params.push_back(p);
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.5));

  for (int update = 0; update < 2; ++update) {
    torch::Tensor row_accum;
    opt.zero_grad();
    for (int64_t micro = 0; micro < accum_steps; ++micro) {
      auto tokens = torch::randint(0, vocab, {2, 5});
      auto labels = torch::randint(0, 2, {2});
      auto pooled = emb(tokens).mean(1);
      auto loss = torch::nn::functional::cross_entropy(head(pooled), labels) / accum_steps;
      loss.backward();

      auto touched = std::get<0>(at::_unique(tokens.flatten(), /*sorted=*/true));
      auto rows = emb->weight.grad().index_select(0, touched);
      if (!row_accum.defined()) {
        if (high_precision_accum)
          row_accum = torch::zeros({vocab, dim}, torch::kFloat64);
        else
          row_accum = torch::zeros_like(emb->weight);
      }
      row_accum.index_add_(0, touched, rows); // BUG
      emb->weight.grad().zero_();
    }
    emb->weight.mutable_grad() = row_accum.to(emb->weight.scalar_type());
    opt.step();
    std::cout << "update " << update << " touched-norm " << row_accum.norm().item<double>() << "\n";
  }
  return 0;
}
