// scenario: 1-D convolutional denoiser trains with CPU bf16 autocast; the reconstruction mse_loss against float32 clean signals is taken inside the region, where the fp32 policy casts both sides
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct DenoiserImpl : torch::nn::Module {
  torch::nn::Conv1d enc1{nullptr}, enc2{nullptr}, dec{nullptr};
  DenoiserImpl() {
    enc1 = register_module("enc1", torch::nn::Conv1d(torch::nn::Conv1dOptions(1, 8, 5).padding(2)));
    enc2 = register_module("enc2", torch::nn::Conv1d(torch::nn::Conv1dOptions(8, 8, 5).padding(2)));
    dec = register_module("dec", torch::nn::Conv1d(torch::nn::Conv1dOptions(8, 1, 3).padding(1)));
  }
  torch::Tensor forward(torch::Tensor noisy) {
    auto h = torch::gelu(enc1(noisy));
    h = torch::gelu(enc2(h));
    return dec(h);
  }
};
TORCH_MODULE(Denoiser);

struct SignalBatch {
  torch::Tensor noisy;
  torch::Tensor clean;
};

SignalBatch synth_batch(int64_t n, int64_t len, double noise) {
  auto phase = torch::rand({n, 1, 1}) * 6.28;
  auto t = torch::linspace(0, 6.28, len).view({1, 1, len});
  auto clean = torch::sin(t * 3 + phase);
  return {clean + noise * torch::randn_like(clean), clean};
}

int main() {
  torch::manual_seed(3);
  Denoiser net;
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  for (int it = 0; it < 4; ++it) {
    auto batch = synth_batch(8, 64, 0.3);
    opt.zero_grad();
    torch::Tensor loss;
    {
      at::autocast::set_cpu_enabled(true);
      auto restored = net->forward(batch.noisy);       // bf16 out of conv1d
      loss = torch::mse_loss(restored, batch.clean);   // mse_loss runs in fp32 here
      at::autocast::set_cpu_enabled(false);
      at::autocast::clear_cache();
    }
    loss.backward();
    opt.step();
    std::cout << "iter " << it << " loss " << loss.item<float>() << " (" << loss.dtype() << ")\n";
  }
  return 0;
}
