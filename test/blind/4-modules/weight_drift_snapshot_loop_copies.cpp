// scenario: training loop records float64 snapshots of the weights to track drift; the loop variable is rebound to a converted copy, the module itself stays float32
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

std::vector<torch::Tensor> snapshot_fp64(const torch::nn::Module& model) {
  std::vector<torch::Tensor> out;
  for (auto p : model.parameters()) {
    p = p.detach().to(torch::kDouble).clone();
    out.push_back(p);
  }
  return out;
}

double relative_drift(const std::vector<torch::Tensor>& before,
                      const std::vector<torch::Tensor>& after) {
  double num = 0.0, den = 0.0;
  for (size_t i = 0; i < before.size(); ++i) {
    num += (after[i] - before[i]).pow(2).sum().item<double>();
    den += before[i].pow(2).sum().item<double>();
  }
  return std::sqrt(num / den);
}

int main() {
  torch::manual_seed(14);
  torch::nn::Sequential model(torch::nn::Linear(6, 12), torch::nn::ReLU(),
                              torch::nn::Linear(12, 2));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  auto x = torch::randn({32, 6});
  auto y = torch::randint(0, 2, {32}, torch::kLong);
  auto start = snapshot_fp64(*model);
  for (int epoch = 0; epoch < 4; ++epoch) {
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    opt.step();
    auto now = snapshot_fp64(*model);
    std::cout << "epoch " << epoch << " loss " << loss.item<float>()
              << " drift " << relative_drift(start, now) << "\n";
  }
  return 0;
}
