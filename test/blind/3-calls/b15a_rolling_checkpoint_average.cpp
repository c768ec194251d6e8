// scenario: keeps the last K training snapshots in a std::deque and averages them key by key with stack().mean(), snapshots carrying an integer step counter
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long
#include <torch/torch.h>
#include <deque>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using Snapshot = std::map<std::string, torch::Tensor>;

Snapshot take_snapshot(torch::nn::Module& model, int64_t step) {
  Snapshot snap;
  for (const auto& p : model.named_parameters()) snap[p.key()] = p.value().detach().clone();
  snap["trainer.global_step"] = torch::tensor(step, torch::kLong);
  return snap;
}

Snapshot average_snapshots(const std::deque<Snapshot>& window) {
  Snapshot avg;
  for (const auto& kv : window.front()) {
    std::vector<torch::Tensor> versions;
    for (const auto& snap : window) versions.push_back(snap.at(kv.first));
    avg[kv.first] = torch::stack(versions).mean(0); // BUG
  }
  return avg;
}

int main() {
  torch::manual_seed(11);
  torch::nn::Sequential model(torch::nn::Linear(8, 16), torch::nn::Tanh(), torch::nn::Linear(16, 1));
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  std::deque<Snapshot> window;
  const size_t keep_last = 4;

  for (int64_t step = 1; step <= 40; ++step) {
    auto x = torch::randn({16, 8});
    auto y = x.sum(1, true) * 0.5;
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(x), y);
    loss.backward();
    opt.step();
    if (step % 5 == 0) {
      window.push_back(take_snapshot(*model, step));
      if (window.size() > keep_last) window.pop_front();
    }
  }

  Snapshot averaged = average_snapshots(window);
  std::cout << "averaged " << window.size() << " snapshots, "
            << averaged.size() << " entries\n";
  return 0;
}
