// scenario: a post-hoc calibrator is built and fitted inside an RAII guard that switches the default dtype to float64; its inputs are made in the same scope, and only detached float results leave it
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>

class DefaultDtypeGuard {
public:
  explicit DefaultDtypeGuard(caffe2::TypeMeta dtype) : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(previous_); }
  DefaultDtypeGuard(const DefaultDtypeGuard &) = delete;
  DefaultDtypeGuard &operator=(const DefaultDtypeGuard &) = delete;

private:
  caffe2::TypeMeta previous_;
};

struct PlattCalibratorImpl : torch::nn::Module {
  PlattCalibratorImpl() : affine(register_module("affine", torch::nn::Linear(1, 1))) {}
  torch::Tensor forward(const torch::Tensor &logit) { return torch::sigmoid(affine(logit)); }
  torch::nn::Linear affine;
};
TORCH_MODULE(PlattCalibrator);

class CalibrationJob {
public:
  explicit CalibrationJob(int64_t num_val) : num_val_(num_val) {}

  torch::Tensor fit_and_apply(const torch::Tensor &val_logits, const torch::Tensor &val_labels,
                              const torch::Tensor &test_logits) {
    DefaultDtypeGuard precise(caffe2::TypeMeta::Make<double>());
    PlattCalibrator calibrator;
    torch::optim::LBFGS lbfgs(calibrator->parameters(), torch::optim::LBFGSOptions(0.1).max_iter(50));
    auto x = torch::empty({num_val_, 1}).copy_(val_logits.view({-1, 1}));
    auto y = torch::empty({num_val_, 1}).copy_(val_labels.view({-1, 1}));
    auto closure = [&] {
      lbfgs.zero_grad();
      auto loss = torch::binary_cross_entropy(calibrator(x), y);
      loss.backward();
      return loss;
    };
    lbfgs.step(closure);

    torch::NoGradGuard no_grad;
    auto test_x = torch::empty({test_logits.size(0), 1}).copy_(test_logits.view({-1, 1}));
    return calibrator(test_x).squeeze(1).to(torch::kFloat32);
  }

private:
  int64_t num_val_;
};

int main() {
  torch::manual_seed(5);
  const int64_t num_val = 400;
  auto val_logits = torch::randn({num_val}) * 3.0;
  auto val_labels = (torch::rand({num_val}) < torch::sigmoid(val_logits * 0.5)).to(torch::kFloat32);
  auto test_logits = torch::randn({50}) * 3.0;

  CalibrationJob job(num_val);
  auto calibrated = job.fit_and_apply(val_logits, val_labels, test_logits);
  auto raw = torch::sigmoid(test_logits);
  std::cout << "default dtype back to " << torch::get_default_dtype() << "\n";
  std::cout << "mean raw " << raw.mean().item<float>() << " mean calibrated "
            << calibrated.mean().item<float>() << " (" << calibrated.dtype() << ")\n";
  return 0;
}
