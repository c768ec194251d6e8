// scenario: benchmarks a zoo of exported regressors stored at different precisions against a shared float64 validation set
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

torch::nn::Sequential make_regressor(int64_t in) {
  return torch::nn::Sequential(torch::nn::Linear(in, 16), torch::nn::ReLU(), torch::nn::Linear(16, 1));
}

torch::Dtype param_dtype(const torch::nn::Sequential &net) {
  return net->parameters().front().scalar_type();
}

int main() {
  torch::manual_seed(19);
  const int64_t in = 8;

  auto base = make_regressor(in);
  std::map<std::string, torch::nn::Sequential> zoo;
  const std::vector<std::pair<std::string, torch::Dtype>> variants = {
      {"fp64", torch::kDouble}, {"fp32", torch::kFloat}, {"bf16", torch::kBFloat16}};
  for (const auto &[name, dtype] : variants) {
    auto copy = std::dynamic_pointer_cast<torch::nn::SequentialImpl>(base->clone());
    copy->to(dtype);
    copy->eval();
    zoo.emplace(name, torch::nn::Sequential(copy));
  }

  torch::NoGradGuard no_grad;
  auto validation = torch::randn({200, in}, torch::kDouble);
  auto reference = base->forward(validation.to(torch::kFloat)).to(torch::kDouble);

  std::unordered_map<std::string, torch::Tensor> outputs;
  std::unordered_map<std::string, double> rmse;
  for (auto &[name, net] : zoo) {
    auto out = net->forward(validation.to(param_dtype(net)));
    outputs[name] = out;
    rmse[name] = (out.to(torch::kDouble) - reference).pow(2).mean().sqrt().item<double>();
    std::cout << name << " (" << out.dtype() << "): rmse vs fp32 " << rmse[name] << "\n";
  }

  // the fp64 export doubles as the audit model
  auto audit = zoo.find("fp64");
  if (audit == zoo.end())
    return 1;
  auto audited = audit->second->forward(validation);
  if (!torch::allclose(audited, outputs.at("fp64")))
    return 1;

  std::vector<torch::Tensor> calibration = {torch::rand({4, in}, torch::kDouble),
                                            torch::rand({4, in}),
                                            torch::rand({4, in}).to(torch::kBFloat16)};
  std::vector<std::string> order = {"fp64", "fp32", "bf16"};
  for (size_t i = 0; i < order.size(); ++i) {
    auto &net = zoo.at(order[i]);
    auto out = net->forward(calibration[i]);
    if (out.scalar_type() != param_dtype(net))
      return 1;
  }

  if (rmse.at("fp64") > 1e-6 || rmse.at("bf16") > 0.1)
    return 1;
  return 0;
}
