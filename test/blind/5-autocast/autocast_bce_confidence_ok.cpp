// scenario: calibrates a detector's objectness head by computing BCE on its sigmoid outputs inside a CPU autocast region
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

namespace {

struct ObjectnessHeadImpl : torch::nn::Module {
  ObjectnessHeadImpl() : fc(register_module("fc", torch::nn::Linear(20, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::sigmoid(fc(x)).squeeze(-1); }
  torch::nn::Linear fc;
};
TORCH_MODULE(ObjectnessHead);

struct Batch {
  torch::Tensor features;
  torch::Tensor is_object;
};

std::vector<Batch> make_batches() {
  std::vector<Batch> out;
  for (int i = 0; i < 3; ++i)
    out.push_back({torch::randn({10, 20}), (torch::rand({10}) > 0.5).to(torch::kFloat)});
  return out;
}

} // namespace

int main() {
  torch::manual_seed(9);
  ObjectnessHead head;
  head->eval();
  torch::NoGradGuard no_grad;

  double total = 0.0;
  const bool use_autocast = true;
  at::autocast::set_cpu_enabled(use_autocast);
  for (const auto &batch : make_batches()) {
    auto probs = head->forward(batch.features);
    auto loss = F::binary_cross_entropy(probs, batch.is_object);
    total += loss.item<double>();
  }
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  std::cout << "mean calibration BCE " << total / 3.0 << "\n";
  return 0;
}
