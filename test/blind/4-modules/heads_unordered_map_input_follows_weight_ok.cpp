// scenario: an ensemble keeps its heads in an unordered_map; the calibration head was moved to float64, and every head's input is cast to that head's own weight dtype before forward
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_map>

class HeadEnsemble {
 public:
  explicit HeadEnsemble(int64_t in_features) {
    heads_.emplace("logit", torch::nn::Linear(in_features, 2));
    heads_.emplace("margin", torch::nn::Linear(in_features, 1));
    torch::nn::Linear calib(in_features, 1);
    calib->to(torch::kDouble); // isotonic fit downstream needs float64 scores
    heads_.emplace("calibration", calib);
  }

  std::unordered_map<std::string, torch::Tensor> run(const torch::Tensor& x) {
    std::unordered_map<std::string, torch::Tensor> out;
    for (auto& [name, head] : heads_) {
      const auto wanted = head->weight.scalar_type();
      torch::Tensor input = x.scalar_type() == wanted ? x : x.to(wanted);
      out.emplace(name, head->forward(input));
    }
    return out;
  }

 private:
  std::unordered_map<std::string, torch::nn::Linear> heads_;
};

int main() {
  torch::manual_seed(4);
  HeadEnsemble ensemble(5);
  torch::NoGradGuard no_grad;
  auto outputs = ensemble.run(torch::randn({3, 5}));
  for (const auto& [name, y] : outputs) {
    std::cout << name << " " << y.dtype() << " " << y.sizes() << "\n";
  }
  return 0;
}
