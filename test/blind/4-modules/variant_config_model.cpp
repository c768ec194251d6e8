// scenario: a model factory takes a std::variant of MLP or CNN configs; the CNN config asks for float16 weights
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "slow_conv2d_cpu" not implemented for 'Half'
#include <variant>
#include <torch/torch.h>
#include <iostream>
#include <string>

struct MlpConfig {
  int64_t in_dim = 64;
  int64_t hidden = 128;
  int64_t classes = 10;
};

struct CnnConfig {
  int64_t channels = 3;
  int64_t filters = 16;
  int64_t classes = 10;
  bool half_weights = false;
};

using ModelConfig = std::variant<MlpConfig, CnnConfig>;

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

struct BuiltModel {
  torch::nn::Sequential net;
  torch::ScalarType dtype;
  std::vector<int64_t> input_shape;
};

BuiltModel build(const ModelConfig& config) {
  return std::visit(
      Overloaded{
          [](const MlpConfig& c) {
            torch::nn::Sequential net(torch::nn::Linear(c.in_dim, c.hidden), torch::nn::ReLU(),
                                      torch::nn::Linear(c.hidden, c.classes));
            return BuiltModel{net, torch::kFloat32, {c.in_dim}};
          },
          [](const CnnConfig& c) {
            torch::nn::Sequential net(
                torch::nn::Conv2d(torch::nn::Conv2dOptions(c.channels, c.filters, 3).padding(1)),
                torch::nn::ReLU(), torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten(),
                torch::nn::Linear(c.filters, c.classes));
            auto dtype = c.half_weights ? torch::kFloat16 : torch::kFloat32;
            net->to(dtype);
            return BuiltModel{net, dtype, {c.channels, 32, 32}};
          }},
      config);
}

int main() {
  torch::manual_seed(67);
  CnnConfig cnn;
  cnn.half_weights = true; // the edge deployment wants a small model
  BuiltModel model = build(cnn);

  std::vector<int64_t> shape = {4};
  shape.insert(shape.end(), model.input_shape.begin(), model.input_shape.end());
  auto images = torch::rand(shape).to(model.dtype);

  torch::NoGradGuard no_grad;
  auto logits = model.net->forward(images); // BUG
  std::cout << "predictions: " << logits.argmax(1) << "\n";
  return 0;
}
