// scenario: a calibration job moves a model with registered mean/std buffers to float64 in set_precision() and feeds it float64 measurements
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

struct StandardizedModel : torch::nn::Module {
  explicit StandardizedModel(int64_t features) {
    mean = register_buffer("mean", torch::zeros({features}));
    stddev = register_buffer("stddev", torch::ones({features}));
    fc = register_module("fc", torch::nn::Linear(features, 1));
  }

  void fit_statistics(const torch::Tensor& data) {
    torch::NoGradGuard no_grad;
    mean.copy_(data.mean(0));
    stddev.copy_(data.std(0).clamp_min(1e-8));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    return fc((x - mean) / stddev);
  }

  torch::Tensor mean, stddev;
  torch::nn::Linear fc{nullptr};
};

class CalibrationJob {
 public:
  explicit CalibrationJob(int64_t features) : model_(std::make_shared<StandardizedModel>(features)) {}

  void set_precision(torch::Dtype dtype) {
    model_->to(dtype);
    dtype_ = dtype;
  }

  double run(std::vector<double>& measurements, std::vector<double>& reference, int epochs) {
    const int64_t rows = static_cast<int64_t>(reference.size());
    const int64_t features = static_cast<int64_t>(measurements.size()) / rows;
    torch::Tensor x = torch::from_blob(measurements.data(), {rows, features}, torch::kFloat64).to(dtype_);
    torch::Tensor y = torch::from_blob(reference.data(), {rows, 1}, torch::kFloat64).to(dtype_);
    model_->fit_statistics(x);
    torch::optim::LBFGS optimizer(model_->parameters(), torch::optim::LBFGSOptions(0.5));
    double loss_value = 0.0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
      auto closure = [&]() {
        optimizer.zero_grad();
        torch::Tensor loss = torch::mse_loss(model_->forward(x), y);
        loss.backward();
        return loss;
      };
      loss_value = optimizer.step(closure).item<double>();
    }
    return loss_value;
  }

 private:
  std::shared_ptr<StandardizedModel> model_;
  torch::Dtype dtype_ = torch::kFloat32;
};

int main() {
  std::vector<double> measurements, reference;
  for (int i = 0; i < 40; ++i) {
    double a = 100.0 + i * 0.5, b = 0.001 * i;
    measurements.push_back(a);
    measurements.push_back(b);
    reference.push_back(0.02 * a + 300.0 * b);
  }
  CalibrationJob job(2);
  job.set_precision(torch::kFloat64);
  std::cout << "calibration residual " << job.run(measurements, reference, 5) << "\n";
  return 0;
}
