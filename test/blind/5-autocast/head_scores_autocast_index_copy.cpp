// scenario: batch scoring runs a map of task heads under CPU autocast and copies each shard's logits into float score buffers held in an unordered_map, through a reference to the entry
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <map>
#include <string>
#include <unordered_map>

namespace {

class CpuAutocastScope {
 public:
  CpuAutocastScope() : previous_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(previous_);
    at::autocast::clear_cache();
  }

 private:
  bool previous_;
};

} // namespace

int main() {
  torch::manual_seed(17);
  const int64_t num_items = 1000, shard = 250, dim = 32;

  torch::nn::Sequential encoder(torch::nn::Linear(dim, 64), torch::nn::ReLU());
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("click", torch::nn::Linear(64, 1));
  heads.emplace("purchase", torch::nn::Linear(64, 1));
  heads.emplace("dwell", torch::nn::Linear(64, 1));

  std::unordered_map<std::string, torch::Tensor> score_buffers;
  for (const auto &head : heads)
    score_buffers[head.first] = torch::zeros({num_items});

  auto item_features = torch::randn({num_items, dim});
  torch::NoGradGuard no_grad;
  for (int64_t start = 0; start < num_items; start += shard) {
    auto rows = torch::arange(start, start + shard);
    auto x = item_features.index_select(0, rows);
    CpuAutocastScope autocast;
    auto h = encoder->forward(x);
    for (auto &head : heads) {
      auto logits = head.second(h).squeeze(1);
      auto &buffer = score_buffers[head.first];
      buffer.index_copy_(0, rows, logits); // BUG
    }
  }

  for (const auto &entry : score_buffers)
    std::cout << entry.first << " mean logit " << entry.second.mean().item<float>() << "\n";
  return 0;
}
