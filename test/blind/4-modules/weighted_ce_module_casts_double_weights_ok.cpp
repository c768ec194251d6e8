// scenario: classifier module owns a CrossEntropyLoss whose class weights are computed in float64 and converted to the logits dtype in the constructor
// tier: 4
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

class WeightedClassifierImpl : public torch::nn::Module {
 public:
  WeightedClassifierImpl(int64_t in, const std::vector<double>& class_freq)
      : fc_(register_module("fc", torch::nn::Linear(in, static_cast<int64_t>(class_freq.size())))),
        loss_fn_(torch::nn::CrossEntropyLossOptions()
                     .weight(inverse_frequency(class_freq).to(fc_->weight.scalar_type()))
                     .label_smoothing(0.1)) {
    register_module("loss", loss_fn_);
  }

  torch::Tensor forward(const torch::Tensor& x) { return fc_->forward(x); }
  torch::Tensor loss(const torch::Tensor& x, const torch::Tensor& y) {
    return loss_fn_->forward(forward(x), y);
  }

 private:
  static torch::Tensor inverse_frequency(const std::vector<double>& freq) {
    torch::Tensor f = torch::tensor(freq, torch::kDouble);
    torch::Tensor w = 1.0 / f;
    return w / w.mean();
  }
  torch::nn::Linear fc_;
  torch::nn::CrossEntropyLoss loss_fn_;
};
TORCH_MODULE(WeightedClassifier);

int main() {
  torch::manual_seed(139);
  WeightedClassifier clf(6, std::vector<double>{0.7, 0.2, 0.1});
  torch::optim::SGD opt(clf->parameters(), 0.1);
  torch::Tensor x = torch::randn({9, 6});
  torch::Tensor y = torch::tensor({0, 0, 0, 1, 2, 0, 1, 0, 2});
  for (int it = 0; it < 3; ++it) {
    opt.zero_grad();
    torch::Tensor l = clf->loss(x, y);
    l.backward();
    opt.step();
    std::cout << "iter " << it << " loss " << l.item<float>() << "\n";
  }
  return 0;
}
