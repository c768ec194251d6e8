// scenario: two-tower recommender encodes the user tower under CPU bf16 autocast and scores the result against a float32 item table after the region, converting the user vectors to the table's dtype first
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class UserTower : public torch::nn::Module {
 public:
  UserTower(int64_t n_features, int64_t dim)
      : l1_(register_module("l1", torch::nn::Linear(n_features, 2 * dim))),
        l2_(register_module("l2", torch::nn::Linear(2 * dim, dim))) {}
  torch::Tensor forward(const torch::Tensor& f) { return l2_(torch::relu(l1_(f))); }

 private:
  torch::nn::Linear l1_, l2_;
};

struct ItemTable {
  torch::Tensor embeddings;  // float32, refreshed nightly
  torch::Tensor popularity;  // float32 prior
};

torch::Tensor recommend(const torch::Tensor& user_vecs, const ItemTable& items, int64_t k) {
  auto u = user_vecs.to(items.embeddings.scalar_type());
  auto scores = torch::mm(u, items.embeddings.t()) + 0.1 * items.popularity;
  return std::get<1>(scores.topk(k, 1));
}

int main() {
  torch::manual_seed(13);
  const int64_t dim = 16;
  UserTower tower(10, dim);
  tower.eval();
  ItemTable items{torch::randn({40, dim}), torch::rand({40})};

  auto user_features = torch::randn({3, 10});
  torch::Tensor user_vecs;
  {
    torch::NoGradGuard no_grad;
    at::autocast::set_cpu_enabled(true);
    user_vecs = tower.forward(user_features);
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }

  // Context features are concatenated for logging; cat promotes bf16 with float32.
  auto logged = torch::cat({user_vecs, torch::zeros({3, 2})}, 1);
  auto picks = recommend(user_vecs, items, 4);
  std::cout << "logged " << logged.dtype() << "\npicks\n" << picks << "\n";
  return 0;
}
