// scenario: test-time augmentation under CPU autocast, summing each view's logits into a per-sample float32 buffer
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (BFloat16) must have the same scalar type
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kSignalLen = 64;
constexpr int64_t kClasses = 4;

class CpuAutocastScope {
public:
  CpuAutocastScope() : previous_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(previous_);
    if (!previous_)
      at::autocast::clear_cache();
  }

private:
  bool previous_;
};

struct View {
  int64_t shift;
  bool flip;
};

torch::Tensor augment(const torch::Tensor &signals, const View &view) {
  auto out = torch::roll(signals, view.shift, 1);
  return view.flip ? out.flip({1}) : out;
}

} // namespace

int main() {
  torch::manual_seed(4);
  torch::nn::Sequential model(torch::nn::Linear(kSignalLen, 48), torch::nn::GELU(),
                              torch::nn::Linear(48, kClasses));
  model->eval();

  auto signals = torch::randn({90, kSignalLen});
  auto labels = torch::randint(0, kClasses, {90}, torch::kLong);
  const std::vector<View> views = {{0, false}, {3, false}, {-3, false}, {0, true}};

  auto logit_sum = torch::zeros({signals.size(0), kClasses});
  auto view_counts = torch::zeros({signals.size(0)}, torch::kLong);
  torch::NoGradGuard no_grad;

  const int64_t batch = 30;
  for (int64_t start = 0; start < signals.size(0); start += batch) {
    auto rows = torch::arange(start, start + batch, torch::kLong);
    auto chunk = signals.index_select(0, rows);
    for (const auto &view : views) {
      torch::Tensor logits;
      {
        CpuAutocastScope autocast;
        logits = model->forward(augment(chunk, view));
      }
      logit_sum.index_add_(0, rows, logits); // BUG
      view_counts.index_add_(0, rows, torch::ones_like(rows));
    }
  }

  auto mean_logits = logit_sum / view_counts.unsqueeze(1);
  auto acc = mean_logits.argmax(1).eq(labels).to(torch::kFloat).mean().item<double>();
  std::cout << "TTA accuracy over " << views.size() << " views: " << acc << "\n";
  return 0;
}
