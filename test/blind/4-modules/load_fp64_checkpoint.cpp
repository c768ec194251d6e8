// scenario: loads a float64 checkpoint exported by a NumPy training script into a float32 LibTorch model and round-trips it
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

using StateDict = std::map<std::string, torch::Tensor>;

struct DenoiserImpl : torch::nn::Module {
  DenoiserImpl(int64_t width)
      : encode(register_module("encode", torch::nn::Linear(width, width / 2))),
        decode(register_module("decode", torch::nn::Linear(width / 2, width))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    return decode->forward(torch::gelu(encode->forward(x)));
  }

  void load_weights(const StateDict &state) {
    torch::NoGradGuard no_grad;
    for (auto &item : named_parameters()) {
      auto it = state.find(item.key());
      TORCH_CHECK(it != state.end(), "missing tensor ", item.key());
      TORCH_CHECK(it->second.sizes() == item.value().sizes(), "shape mismatch for ", item.key());
      item.value().copy_(it->second);
    }
  }

  StateDict export_weights() {
    StateDict out;
    for (auto &item : named_parameters())
      out[item.key()] = item.value().detach().to(torch::kDouble).clone();
    return out;
  }

  torch::nn::Linear encode, decode;
};
TORCH_MODULE(Denoiser);

StateDict numpy_checkpoint(int64_t width) {
  // float64 arrays, as written by np.save
  return {{"encode.weight", torch::randn({width / 2, width}, torch::kDouble) * 0.1},
          {"encode.bias", torch::zeros({width / 2}, torch::kDouble)},
          {"decode.weight", torch::randn({width, width / 2}, torch::kDouble) * 0.1},
          {"decode.bias", torch::full({width}, 0.5, torch::kDouble)}};
}

int main() {
  torch::manual_seed(8);
  const int64_t width = 16;
  Denoiser model(width);
  auto checkpoint = numpy_checkpoint(width);
  model->load_weights(checkpoint);
  model->eval();

  torch::NoGradGuard no_grad;
  auto clean = torch::sin(torch::linspace(0, 6.28, width)).repeat({8, 1});
  auto noisy = clean + 0.05 * torch::randn_like(clean);
  auto restored = model->forward(noisy);

  auto exported = model->export_weights();
  double max_diff = 0.0;
  for (const auto &[name, tensor] : checkpoint)
    max_diff = std::max(max_diff, (exported.at(name) - tensor).abs().max().item<double>());

  std::cout << "restored " << restored.sizes() << " " << restored.dtype()
            << ", checkpoint round-trip diff " << max_diff << "\n";
  if (model->encode->weight.scalar_type() != torch::kFloat)
    return 1;
  return max_diff < 1e-6 ? 0 : 1;
}
