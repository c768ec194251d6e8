// scenario: a keyword-spotting Conv1d model is cast to float16 together with its audio features and run on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "slow_conv2d_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

struct KeywordSpotterImpl : torch::nn::Module {
  KeywordSpotterImpl(int64_t mels, int64_t keywords) {
    conv = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(mels, 32, 5).padding(2)));
    fc = register_module("fc", torch::nn::Linear(32, keywords));
  }
  torch::Tensor forward(const torch::Tensor &mel) {
    auto h = conv->forward(mel); // BUG
    return fc->forward(h.amax(-1));
  }
  torch::nn::Conv1d conv{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(KeywordSpotter);

int main() {
  torch::manual_seed(0);
  KeywordSpotter model(40, 10);
  model->eval();
  // Deployment config asks for fp16 weights to shrink the model.
  const auto dtype = torch::kHalf;
  model->to(dtype);
  auto mel = torch::randn({1, 40, 50}).to(dtype);
  torch::NoGradGuard no_grad;
  std::cout << model->forward(mel).argmax(1) << "\n";
  return 0;
}
