// scenario: a recommender's diversity regularizer takes pairwise distances of item embeddings produced inside a CPU autocast region
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: "pdist" not implemented for 'BFloat16'
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

// Encourages recommended items to be far apart in embedding space.
torch::Tensor diversity_penalty(const torch::Tensor &item_emb) {
  auto d = torch::pdist(item_emb); // BUG
  return torch::exp(-d).mean();
}

int main() {
  torch::manual_seed(0);
  torch::nn::Embedding items(1000, 64);
  torch::nn::Linear tower(64, 32);
  auto slate = torch::randint(0, 1000, {10});

  at::autocast::set_cpu_enabled(true);
  auto emb = tower(items(slate));
  auto relevance = emb.sum(1);
  auto loss = -relevance.mean() + 0.1 * diversity_penalty(emb);
  at::autocast::set_cpu_enabled(false);

  loss.backward();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
