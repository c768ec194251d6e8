// scenario: restores a float32 model from a float64 checkpoint map by copying into the existing parameters and buffers, then runs float32 inference
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace {

using StateDict = std::unordered_map<std::string, torch::Tensor>;

struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl()
      : fc1(register_module("fc1", torch::nn::Linear(5, 8))),
        bn(register_module("bn", torch::nn::BatchNorm1d(8))),
        fc2(register_module("fc2", torch::nn::Linear(8, 3))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn(fc1(x)));
    return fc2(x);
  }

  torch::nn::Linear fc1;
  torch::nn::BatchNorm1d bn;
  torch::nn::Linear fc2;
};
TORCH_MODULE(TabularNet);

// The exporter (a NumPy script) writes everything as float64.
StateDict export_checkpoint(const torch::nn::Module &trained) {
  StateDict out;
  for (const auto &p : trained.named_parameters())
    out.emplace(p.key(), p.value().detach().to(torch::kFloat64));
  for (const auto &b : trained.named_buffers())
    out.emplace(b.key(), b.value().to(b.value().is_floating_point() ? torch::kFloat64
                                                                    : b.value().scalar_type()));
  return out;
}

void load_into(torch::nn::Module &module, const StateDict &state) {
  torch::NoGradGuard no_grad;
  for (auto &p : module.named_parameters()) {
    auto it = state.find(p.key());
    if (it == state.end())
      throw std::runtime_error("missing parameter " + p.key());
    p.value().copy_(it->second); // keeps the parameter's own dtype
  }
  for (auto &b : module.named_buffers()) {
    auto it = state.find(b.key());
    if (it != state.end())
      b.value().copy_(it->second);
  }
}

} // namespace

int main() {
  torch::manual_seed(17);
  TabularNet trained;
  trained->train();
  trained->forward(torch::randn({6, 5})); // populate the running statistics
  StateDict ckpt = export_checkpoint(*trained);

  TabularNet served;
  load_into(*served, ckpt);
  served->eval();

  torch::NoGradGuard no_grad;
  torch::Tensor batch = torch::randn({4, 5});
  torch::Tensor probs = torch::softmax(served->forward(batch), -1);
  trained->eval();
  torch::Tensor reference = torch::softmax(trained->forward(batch), -1);
  std::cout << "max diff " << (probs - reference).abs().max().item<float>() << "\n";
  return torch::allclose(probs, reference, 1e-4, 1e-5) ? 0 : 1;
}
