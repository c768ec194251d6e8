// scenario: a convolutional frame encoder module fed camera frames decoded into interleaved uint8 RGB buffers
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (unsigned char) and bias type (float) should be the same
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct FrameEncoderImpl : torch::nn::Module {
  FrameEncoderImpl(int64_t in_channels, int64_t embed_dim)
      : conv1(torch::nn::Conv2dOptions(in_channels, 16, 3).stride(2).padding(1)),
        conv2(torch::nn::Conv2dOptions(16, 32, 3).stride(2).padding(1)),
        norm(32), proj(32, embed_dim) {
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("norm", norm);
    register_module("proj", proj);
  }

  torch::Tensor forward(const torch::Tensor &frames) {
    torch::Tensor x = torch::relu(conv1->forward(frames)); // BUG
    x = torch::relu(norm->forward(conv2->forward(x)));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return proj->forward(x);
  }

  torch::nn::Conv2d conv1, conv2;
  torch::nn::BatchNorm2d norm;
  torch::nn::Linear proj;
};
TORCH_MODULE(FrameEncoder);

// Decoded frames arrive as HWC uint8, the layout of the video decoder.
std::vector<uint8_t> decode_frame(int64_t h, int64_t w, int seed) {
  std::vector<uint8_t> rgb(h * w * 3);
  for (int64_t i = 0; i < h * w * 3; ++i)
    rgb[i] = static_cast<uint8_t>((i * 31 + seed * 17) % 256);
  return rgb;
}

int main() {
  torch::manual_seed(6);
  const int64_t h = 32, w = 40;
  FrameEncoder encoder(3, 64);
  encoder->eval();

  std::vector<std::vector<uint8_t>> decoded;
  std::vector<torch::Tensor> frames;
  for (int s = 0; s < 4; ++s) {
    decoded.push_back(decode_frame(h, w, s));
    torch::Tensor hwc = torch::from_blob(decoded.back().data(), {h, w, 3}, torch::kUInt8);
    // To CHW; the random horizontal flip of the augmentation happens here too.
    torch::Tensor chw = hwc.permute({2, 0, 1});
    frames.push_back(s % 2 ? torch::flip(chw, {2}) : chw.contiguous());
  }
  torch::Tensor batch = torch::stack(frames);

  torch::NoGradGuard no_grad;
  torch::Tensor embeddings = encoder->forward(batch);
  torch::Tensor sims = torch::mm(embeddings, embeddings.t());
  std::cout << "similarity matrix " << sims.sizes() << "\n";
  return 0;
}
