// scenario: multi-task evaluation in float64; the task heads live in a registered ModuleDict, so converting the model converts every head reached through the dict
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct MultiTaskNetImpl : torch::nn::Module {
  MultiTaskNetImpl(int64_t in_dim, int64_t hidden,
                   const std::vector<std::pair<std::string, int64_t>>& tasks) {
    trunk_ = register_module("trunk", torch::nn::Linear(in_dim, hidden));
    torch::OrderedDict<std::string, std::shared_ptr<torch::nn::Module>> heads;
    for (const auto& task : tasks)
      heads.insert(task.first, torch::nn::Linear(hidden, task.second).ptr());
    heads_ = register_module("heads", torch::nn::ModuleDict(heads));
  }

  std::map<std::string, torch::Tensor> forward(const torch::Tensor& x) {
    auto h = torch::gelu(trunk_(x));
    std::map<std::string, torch::Tensor> out;
    for (const auto& key : heads_->keys())
      out[key] = heads_[key]->as<torch::nn::Linear>()->forward(h);
    return out;
  }

  torch::nn::Linear trunk_{nullptr};
  torch::nn::ModuleDict heads_{nullptr};
};
TORCH_MODULE(MultiTaskNet);

std::map<std::string, double> per_task_entropy(MultiTaskNet model, const torch::Tensor& batch) {
  torch::NoGradGuard no_grad;
  std::map<std::string, double> entropy;
  for (const auto& kv : model->forward(batch)) {
    auto logp = torch::log_softmax(kv.second, 1);
    entropy[kv.first] = -(logp.exp() * logp).sum(1).mean().item<double>();
  }
  return entropy;
}

int main() {
  torch::manual_seed(12);
  std::vector<std::pair<std::string, int64_t>> tasks{
      {"sentiment", 3}, {"topic", 7}, {"toxicity", 2}};
  MultiTaskNet model(/*in_dim=*/10, /*hidden=*/24, tasks);
  model->eval();
  model->to(torch::kDouble);

  auto batch = torch::randn({5, 10}).to(torch::kDouble);
  for (const auto& kv : per_task_entropy(model, batch))
    std::cout << kv.first << " entropy " << kv.second << "\n";
  return 0;
}
