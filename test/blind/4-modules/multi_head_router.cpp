// scenario: a multi-task model routes a shared trunk into task heads looked up by name; the CTR head was moved to float64
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class MultiTaskModelImpl : public torch::nn::Module {
public:
  MultiTaskModelImpl(int64_t in_dim, int64_t hidden, const std::map<std::string, int64_t>& tasks)
      : trunk_(register_module("trunk", torch::nn::Linear(in_dim, hidden))) {
    for (const auto& [task, out_dim] : tasks) {
      heads_.emplace(task, register_module("head_" + task, torch::nn::Linear(hidden, out_dim)));
    }
  }

  // The calibrated click-through head is evaluated in double so that tiny
  // probabilities survive the log-odds transform.
  void use_double_for(const std::string& task) {
    auto it = heads_.find(task);
    if (it != heads_.end())
      it->second->to(torch::kFloat64);
  }

  torch::Tensor forward(const torch::Tensor& x, const std::string& task) {
    auto h = torch::relu(trunk_->forward(x));
    auto it = heads_.find(task);
    if (it == heads_.end())
      throw std::out_of_range("no head for task " + task);
    return it->second->forward(h); // BUG
  }

  std::vector<std::string> tasks() const {
    std::vector<std::string> names;
    for (const auto& kv : heads_)
      names.push_back(kv.first);
    return names;
  }

private:
  torch::nn::Linear trunk_;
  std::map<std::string, torch::nn::Linear> heads_;
};
TORCH_MODULE(MultiTaskModel);

int main() {
  torch::manual_seed(53);
  const std::map<std::string, int64_t> task_outputs = {{"ctr", 1}, {"category", 12}, {"watch_time", 1}};
  MultiTaskModel model(20, 64, task_outputs);
  model->use_double_for("ctr");
  model->eval();

  torch::NoGradGuard no_grad;
  auto features = torch::randn({8, 20});
  for (const auto& task : model->tasks()) {
    auto out = model->forward(features, task);
    std::cout << task << ": " << out.sizes() << " mean " << out.mean().item<double>() << "\n";
  }
  return 0;
}
