// scenario: per-sensor routing network keeps its route modules as AnyModule values in a std::map; converting the parent to float64 converts only the registered trunk
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct LidarHeadImpl : torch::nn::Module {
  explicit LidarHeadImpl(int64_t hidden) {
    fc1_ = register_module("fc1", torch::nn::Linear(hidden, hidden));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, 4));
  }
  torch::Tensor forward(torch::Tensor h) { return fc2_(torch::relu(fc1_(h))); }
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};
TORCH_MODULE(LidarHead);

struct SensorRouterImpl : torch::nn::Module {
  SensorRouterImpl(int64_t in_dim, int64_t hidden) : hidden_(hidden) {
    trunk_ = register_module("trunk", torch::nn::Linear(in_dim, hidden));
  }

  template <typename ModuleType>
  void add_route(const std::string& sensor, ModuleType module) {
    routes_.emplace(sensor, torch::nn::AnyModule(module));
  }

  torch::Tensor forward(const torch::Tensor& x, const std::string& sensor) {
    auto h = torch::relu(trunk_(x));
    return routes_.at(sensor).forward(h); // BUG
  }

  int64_t hidden_;
  torch::nn::Linear trunk_{nullptr};
  std::map<std::string, torch::nn::AnyModule> routes_;
};
TORCH_MODULE(SensorRouter);

SensorRouter build_router() {
  SensorRouter router(/*in_dim=*/8, /*hidden=*/16);
  router->add_route("imu", torch::nn::Linear(16, 3));
  router->add_route("lidar", LidarHead(16));
  return router;
}

int main() {
  torch::manual_seed(2);
  auto router = build_router();
  router->eval();
  // GPS-grade timestamps and positions are kept in float64 end to end.
  router->to(torch::kDouble);

  torch::NoGradGuard no_grad;
  auto imu_batch = torch::randn({4, 8}, torch::kDouble);
  auto pose = router->forward(imu_batch, "imu");
  std::cout << "pose " << pose.sizes() << "\n";
  return 0;
}
