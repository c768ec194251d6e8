// scenario: temperature-calibrated ensemble of anomaly detectors held in shared_ptrs and moved to the serving device
// tier: 4
// family: device-mismatch
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

namespace nn = torch::nn;

class Detector : public nn::Module {
public:
  Detector(int64_t in_dim, double temperature)
      : temperature_(torch::full({1}, temperature)),
        center_(torch::zeros({in_dim})) {
    net_ = register_module("net", nn::Sequential(nn::Linear(in_dim, 16), nn::ReLU(),
                                                 nn::Linear(16, 1)));
  }

  using nn::Module::to;
  void to(torch::Device device, bool non_blocking = false) override {
    nn::Module::to(device, non_blocking);
    temperature_ = temperature_.to(device, non_blocking);
    center_ = center_.to(device, non_blocking);
  }

  void fit_center(const torch::Tensor &normal_data) { center_ = normal_data.mean(0).detach(); }

  virtual torch::Tensor score(const torch::Tensor &x) {
    auto logits = net_->forward(x - center_);
    return torch::sigmoid(logits.squeeze(1) / temperature_);
  }

protected:
  nn::Sequential net_{nullptr};
  torch::Tensor temperature_;
  torch::Tensor center_;
};

class DistanceDetector : public Detector {
public:
  using Detector::Detector;
  torch::Tensor score(const torch::Tensor &x) override {
    auto dist = (x - center_).norm(2, 1);
    return torch::sigmoid((dist - dist.mean()) / temperature_);
  }
};

int main() {
  torch::manual_seed(23);
  const int64_t in_dim = 10;
  torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0)
                                                     : torch::Device(torch::kCPU);

  std::vector<std::shared_ptr<Detector>> ensemble;
  ensemble.push_back(std::make_shared<Detector>(in_dim, 1.0));
  ensemble.push_back(std::make_shared<Detector>(in_dim, 2.5));
  ensemble.push_back(std::make_shared<DistanceDetector>(in_dim, 0.5));

  // Reference traffic is loaded on the host and fitted before deployment.
  auto normal = torch::randn({256, in_dim});
  for (auto &det : ensemble)
    det->fit_center(normal);
  for (auto &det : ensemble) {
    det->to(device);
    det->eval();
  }

  auto traffic = torch::cat({torch::randn({20, in_dim}), 4.0 + torch::randn({5, in_dim})});
  traffic = traffic.to(device);

  torch::NoGradGuard no_grad;
  auto votes = torch::zeros({traffic.size(0)}, traffic.options());
  for (auto &det : ensemble)
    votes += det->score(traffic);
  votes /= static_cast<double>(ensemble.size());

  auto flagged = (votes > votes.median()).nonzero().squeeze(1).cpu();
  std::cout << "device " << device << " mean vote " << votes.mean().item<float>() << "\n";
  std::cout << "flagged rows " << flagged << "\n";
  return flagged.numel() > 0 ? 0 : 1;
}
