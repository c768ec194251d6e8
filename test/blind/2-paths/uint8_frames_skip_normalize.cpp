// scenario: frame embedding tool that normalizes decoded uint8 frames only when asked to
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (unsigned char) and bias type (float) should be the same
#include <torch/torch.h>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  bool normalize = false;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--normalize")
      normalize = true;

  torch::manual_seed(11);
  namespace nn = torch::nn;
  nn::Sequential backbone(
      nn::Conv2d(nn::Conv2dOptions(3, 16, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(16, 32, 3).stride(2).padding(1)), nn::ReLU(),
      nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions(1)), nn::Flatten());
  backbone->eval();

  const int64_t numFrames = 4;
  auto frames = torch::randint(0, 256, {numFrames, 3, 48, 48}, torch::kUInt8);

  torch::Tensor input = frames;
  if (normalize) {
    auto mean = torch::tensor({0.485, 0.456, 0.406}).view({1, 3, 1, 1});
    auto stdev = torch::tensor({0.229, 0.224, 0.225}).view({1, 3, 1, 1});
    input = (input.to(torch::kFloat32) / 255.0 - mean) / stdev;
  }

  torch::NoGradGuard noGrad;
  auto embeddings = backbone->forward(input); // BUG
  auto similarity = torch::mm(embeddings, embeddings.t());
  std::cout << "frame similarity\n" << similarity << "\n";
  return 0;
}
