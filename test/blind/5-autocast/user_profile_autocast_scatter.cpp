// scenario: a recommender refreshes user profiles by running the item tower under a CPU bf16 autocast guard and summing item vectors into a float32 table
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (BFloat16) must have the same scalar type
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

// Turns CPU autocast on for a scope; puts the previous state back on exit.
class CpuAutocastScope {
 public:
  explicit CpuAutocastScope(bool enabled = true)
      : prev_enabled_(at::autocast::is_cpu_enabled()),
        prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

 private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

struct ItemTowerImpl : torch::nn::Module {
  ItemTowerImpl(int64_t in, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, 2 * out))),
        fc2(register_module("fc2", torch::nn::Linear(2 * out, out))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(ItemTower);

int main() {
  torch::manual_seed(17);
  torch::NoGradGuard no_grad;
  const int64_t num_users = 50, num_events = 400, item_dim = 40, emb = 16;

  ItemTower tower(item_dim, emb);
  torch::Tensor profiles = torch::zeros({num_users, emb});
  torch::Tensor event_user = torch::randint(0, num_users, {num_events});
  torch::Tensor item_features = torch::randn({num_events, item_dim});

  torch::Tensor item_vecs;
  {
    CpuAutocastScope autocast;
    item_vecs = torch::nn::functional::normalize(
        tower(item_features), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  profiles.index_add_(0, event_user, item_vecs); // BUG
  torch::Tensor counts = torch::bincount(event_user, {}, num_users).clamp_min(1);
  profiles.div_(counts.unsqueeze(1));
  std::cout << "profile norms " << profiles.norm(2, 1).slice(0, 0, 5) << "\n";
  return 0;
}
