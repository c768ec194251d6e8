// scenario: averages fp16 snapshot checkpoints, keeps the snapshots' storage dtype, then scores the averaged MLP on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

using StateDict = std::map<std::string, torch::Tensor>;

constexpr int64_t kIn = 10;
constexpr int64_t kHidden = 24;
constexpr int64_t kOut = 3;

// Snapshots are written in half precision to keep the last-N checkpoints small on disk.
StateDict loadSnapshot(int step) {
  torch::manual_seed(100 + step);
  torch::nn::Linear fc1(kIn, kHidden), fc2(kHidden, kOut);
  StateDict sd;
  sd["fc1.weight"] = fc1->weight.detach().to(torch::kHalf);
  sd["fc1.bias"] = fc1->bias.detach().to(torch::kHalf);
  sd["fc2.weight"] = fc2->weight.detach().to(torch::kHalf);
  sd["fc2.bias"] = fc2->bias.detach().to(torch::kHalf);
  sd["step"] = torch::tensor(static_cast<int64_t>(step));
  return sd;
}

// Uniform average in float32, written back in each tensor's storage dtype so the
// result can be saved next to the snapshots it came from.
StateDict averageCheckpoints(const std::vector<StateDict> &snapshots) {
  StateDict avg;
  for (const auto &kv : snapshots.front()) {
    const std::string &name = kv.first;
    if (!kv.second.is_floating_point()) {
      avg[name] = snapshots.back().at(name).clone(); // keep the newest step counter
      continue;
    }
    torch::Tensor acc = torch::zeros(kv.second.sizes(), torch::kFloat);
    for (const auto &sd : snapshots)
      acc.add_(sd.at(name).to(torch::kFloat));
    acc.div_(static_cast<double>(snapshots.size()));
    avg[name] = acc.to(kv.second.scalar_type());
  }
  return avg;
}

torch::Tensor mlpForward(const StateDict &params, const torch::Tensor &x) {
  const torch::Tensor &w1 = params.at("fc1.weight");
  // Match the input to the parameters so linear sees one dtype.
  torch::Tensor h = torch::linear(x.to(w1.scalar_type()), w1, params.at("fc1.bias")); // BUG
  h = torch::relu(h);
  return torch::linear(h, params.at("fc2.weight"), params.at("fc2.bias"));
}

double evaluate(const StateDict &params, const torch::Tensor &x, const torch::Tensor &y) {
  torch::NoGradGuard no_grad;
  torch::Tensor logits = mlpForward(params, x);
  return logits.argmax(1).eq(y).to(torch::kDouble).mean().item<double>();
}

} // namespace

int main() {
  std::vector<StateDict> snapshots;
  for (int step : {800, 900, 1000})
    snapshots.push_back(loadSnapshot(step));

  StateDict averaged = averageCheckpoints(snapshots);
  std::cout << "averaged " << averaged.size() << " tensors, step "
            << averaged.at("step").item<int64_t>() << "\n";

  torch::manual_seed(1);
  torch::Tensor x = torch::randn({32, kIn});
  torch::Tensor y = torch::randint(0, kOut, {32});
  double acc = evaluate(averaged, x, y);
  std::cout << "averaged-checkpoint accuracy " << acc << "\n";
  return 0;
}
