// scenario: pre-norm MLP block normalises the float32 residual stream before its Linear layers under CPU bf16 autocast and adds the bf16 update back, which promotes; layer_norm only ever sees float32
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class PreNormMlp : public torch::nn::Module {
 public:
  PreNormMlp(int64_t d_model, int64_t expansion)
      : norm_(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
        up_(register_module("up", torch::nn::Linear(d_model, d_model * expansion))),
        down_(register_module("down", torch::nn::Linear(d_model * expansion, d_model))) {}

  torch::Tensor forward(const torch::Tensor& residual) {
    auto h = norm_(residual);              // residual is float32
    h = down_(torch::gelu(up_(h)));        // bf16 under autocast
    return residual + h;                   // float32 + bf16 -> float32
  }

 private:
  torch::nn::LayerNorm norm_;
  torch::nn::Linear up_, down_;
};

int main() {
  torch::manual_seed(9);
  const int64_t d_model = 16;
  std::vector<std::shared_ptr<PreNormMlp>> blocks;
  for (int i = 0; i < 3; ++i) blocks.push_back(std::make_shared<PreNormMlp>(d_model, 4));
  auto final_norm = torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model}));

  auto tokens = torch::randn({2, 5, d_model});
  at::autocast::set_cpu_enabled(true);
  auto stream = tokens;
  for (auto& b : blocks) stream = b->forward(stream);
  auto out = final_norm(stream);
  at::autocast::set_cpu_enabled(false);

  std::cout << "stream " << stream.dtype() << " out " << out.dtype()
            << " norm of first token " << out[0][0].norm().item<float>() << "\n";
  return 0;
}
