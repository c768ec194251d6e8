// scenario: only the calibration child of a classifier is converted to float64 by name in a named_children() loop; forward casts the logits before the calibrator and back afterwards
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct CalibratedClassifierImpl : torch::nn::Module {
  CalibratedClassifierImpl(int64_t in, int64_t classes) {
    backbone_ = register_module("backbone", torch::nn::Sequential(
                                                torch::nn::Linear(in, 32), torch::nn::ReLU(),
                                                torch::nn::Linear(32, classes)));
    // Dirichlet calibration: a full affine map on log-probabilities.
    calibrator_ = register_module("calibrator", torch::nn::Linear(classes, classes));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto logp = torch::log_softmax(backbone_->forward(x), 1);
    auto calibrated = calibrator_(logp.to(torch::kDouble));
    return torch::softmax(calibrated, 1).to(torch::kFloat);
  }

  torch::nn::Sequential backbone_{nullptr};
  torch::nn::Linear calibrator_{nullptr};
};
TORCH_MODULE(CalibratedClassifier);

void promote_calibration(torch::nn::Module& model) {
  for (const auto& child : model.named_children()) {
    if (child.key() == "calibrator")
      child.value()->to(torch::kDouble);
  }
}

int main() {
  torch::manual_seed(37);
  CalibratedClassifier model(/*in=*/12, /*classes=*/4);
  promote_calibration(*model);

  torch::optim::LBFGS opt(model->calibrator_->parameters(), torch::optim::LBFGSOptions(0.1));
  auto x = torch::randn({20, 12});
  auto y = torch::randint(0, 4, {20}, torch::kLong);
  auto closure = [&] {
    opt.zero_grad();
    auto loss = torch::nll_loss(torch::log(model->forward(x) + 1e-12), y);
    loss.backward();
    return loss;
  };
  for (int i = 0; i < 3; ++i)
    std::cout << "calibration nll " << opt.step(closure).item<float>() << "\n";
  return 0;
}
