// scenario: a speech model projects frames with a Linear and runs a float32-weight LSTM over the bfloat16 projections in the same CPU autocast region; the LSTM's matrix products go through autocast too
// tier: 5
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct FrameEncoderImpl : torch::nn::Module {
  FrameEncoderImpl(int64_t feat, int64_t hidden)
      : proj(register_module("proj", torch::nn::Linear(feat, hidden))),
        rnn(register_module("rnn", torch::nn::LSTM(torch::nn::LSTMOptions(hidden, hidden).num_layers(2)))) {}

  torch::Tensor forward(const torch::Tensor &frames) {
    auto x = torch::relu(proj(frames));
    auto out = std::get<0>(rnn(x));
    return out.select(0, out.size(0) - 1);
  }
  torch::nn::Linear proj;
  torch::nn::LSTM rnn;
};
TORCH_MODULE(FrameEncoder);

int main() {
  torch::manual_seed(0);
  FrameEncoder enc(40, 32);
  enc->eval();
  torch::NoGradGuard no_grad;
  auto frames = torch::randn({50, 4, 40});  // time x batch x mel bins

  at::autocast::set_cpu_enabled(true);
  auto utterance = enc(frames);
  at::autocast::set_cpu_enabled(false);
  std::cout << "utterance embeddings " << utterance.sizes() << " " << utterance.dtype() << "\n";
  return 0;
}
