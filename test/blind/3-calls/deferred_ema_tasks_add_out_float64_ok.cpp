// scenario: an optimizer wrapper queues std::function tasks that fold float32 parameters into float64 EMA shadows with add_out and cat_out; the float64 outputs can hold the promoted results
// tier: 3
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <vector>

class EmaShadow {
 public:
  EmaShadow(const std::vector<torch::Tensor>& params, double decay) : decay_(decay) {
    for (const auto& p : params) shadows_.push_back(p.detach().to(torch::kDouble));
    flat_ = torch::empty({0}, torch::kDouble);
  }

  void schedule(const std::vector<torch::Tensor>& params, std::vector<std::function<void()>>& queue) {
    for (size_t i = 0; i < params.size(); ++i) {
      queue.push_back([this, i, p = params[i]]() {
        torch::NoGradGuard no_grad;
        torch::Tensor& shadow = shadows_[i];
        torch::Tensor decayed = shadow * decay_;
        torch::add_out(shadow, decayed, p.detach(), /*alpha=*/1.0 - decay_);
      });
    }
    queue.push_back([this]() {
      std::vector<torch::Tensor> views;
      for (const auto& s : shadows_) views.push_back(s.reshape({-1}));
      torch::cat_out(flat_, views, 0);
    });
  }

  const torch::Tensor& flat() const { return flat_; }

 private:
  double decay_;
  std::vector<torch::Tensor> shadows_;
  torch::Tensor flat_;
};

int main() {
  torch::manual_seed(37);
  torch::nn::Linear layer(4, 2);
  EmaShadow ema(layer->parameters(), /*decay=*/0.9);

  std::vector<std::function<void()>> queue;
  for (int step = 0; step < 3; ++step) {
    {
      torch::NoGradGuard no_grad;
      for (auto& p : layer->parameters()) p.add_(0.01);
    }
    ema.schedule(layer->parameters(), queue);
  }
  for (auto& task : queue) task(); // drained by the background thread in production
  std::cout << "ema " << ema.flat().dtype() << " " << ema.flat().sizes() << " sum "
            << ema.flat().sum().item<double>() << "\n";
  return 0;
}
