// scenario: audio denoiser module converted with to(kHalf) to shrink its footprint, then run on CPU frames
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "slow_conv2d_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

class DenoiserImpl : public torch::nn::Module {
 public:
  DenoiserImpl()
      : enc_(register_module("enc", torch::nn::Conv1d(torch::nn::Conv1dOptions(1, 8, 5).padding(2)))),
        dec_(register_module("dec", torch::nn::Conv1d(torch::nn::Conv1dOptions(8, 1, 5).padding(2)))) {}

  torch::Tensor forward(const torch::Tensor& wav) {
    torch::Tensor x = wav.to(enc_->weight.scalar_type());
    torch::Tensor h = enc_->forward(x); // BUG
    return wav - dec_->forward(torch::tanh(h)).to(wav.scalar_type());
  }

 private:
  torch::nn::Conv1d enc_, dec_;
};
TORCH_MODULE(Denoiser);

int main() {
  torch::manual_seed(113);
  Denoiser model;
  model->eval();
  // The model is stored in half precision for the embedded target.
  model->to(torch::kHalf);

  torch::NoGradGuard ng;
  torch::Tensor frame = torch::sin(torch::linspace(0, 6.28, 64)).view({1, 1, 64}) +
                        0.05 * torch::randn({1, 1, 64});
  torch::Tensor clean = model->forward(frame);
  std::cout << "residual energy " << (frame - clean).pow(2).mean().item<float>() << "\n";
  return 0;
}
