// scenario: a variadic helper runs a callable under CPU bf16 autocast; inside it the pooled encoder output meets a float32 readout vector through mv, which autocast does not cast
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <utility>

template <typename Fn, typename... Args> auto with_cpu_autocast(at::ScalarType dtype, Fn &&fn, Args &&...args) {
  at::autocast::set_cpu_enabled(true);
  at::autocast::set_autocast_cpu_dtype(dtype);
  struct Reset {
    ~Reset() {
      at::autocast::set_cpu_enabled(false);
      at::autocast::clear_cache();
    }
  } reset;
  return std::forward<Fn>(fn)(std::forward<Args>(args)...);
}

struct ReadoutModelImpl : torch::nn::Module {
  ReadoutModelImpl(int64_t in, int64_t hidden, int64_t heads)
      : encoder(register_module("encoder", torch::nn::Linear(in, hidden))),
        readout(register_parameter("readout", torch::randn({heads, hidden}) * 0.05)) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::gelu(encoder(x));
    auto pooled = h.mean(0);
    return torch::mv(readout, pooled); // BUG
  }

  torch::nn::Linear encoder;
  torch::Tensor readout;
};
TORCH_MODULE(ReadoutModel);

int main() {
  torch::manual_seed(17);
  ReadoutModel model(24, 64, 6);
  model->eval();
  torch::NoGradGuard no_grad;

  auto bag = torch::randn({50, 24});
  auto per_head = with_cpu_autocast(
      at::kBFloat16, [&](const torch::Tensor &x) { return model->forward(x); }, bag);
  auto best = per_head.argmax();
  std::cout << "head scores " << per_head << " best " << best.item<int64_t>() << "\n";
  return 0;
}
