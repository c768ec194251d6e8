// scenario: scores a candidate slate under CPU autocast and adds a diversity penalty from pairwise distances between item embeddings
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: "pdist" not implemented for 'BFloat16'
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cstdint>
#include <iostream>

struct SlateScorerImpl : torch::nn::Module {
  SlateScorerImpl(int64_t feat_dim, int64_t embed_dim)
      : item_tower(register_module("item_tower", torch::nn::Linear(feat_dim, embed_dim))),
        user_tower(register_module("user_tower", torch::nn::Linear(feat_dim, embed_dim))) {}

  torch::nn::Linear item_tower, user_tower;
};
TORCH_MODULE(SlateScorer);

// Mean pairwise distance of the slate: larger is more diverse.
torch::Tensor diversity(const torch::Tensor &item_embeddings) {
  torch::Tensor d = torch::pdist(item_embeddings); // BUG
  return d.mean();
}

int main() {
  torch::manual_seed(19);
  const int64_t feat_dim = 20, embed_dim = 8, slate = 6;
  SlateScorer scorer(feat_dim, embed_dim);
  scorer->eval();

  torch::Tensor user_feats = torch::randn({1, feat_dim});
  torch::Tensor item_feats = torch::randn({slate, feat_dim});

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  torch::Tensor user = scorer->user_tower->forward(user_feats);
  torch::Tensor items = scorer->item_tower->forward(item_feats);
  torch::Tensor relevance = torch::mm(items, user.t()).squeeze(1);
  torch::Tensor penalty = diversity(items);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  torch::Tensor objective = relevance.to(torch::kFloat) + 0.1 * penalty.to(torch::kFloat);
  std::cout << "best item " << objective.argmax().item<int64_t>() << "\n";
  return 0;
}
