// scenario: a linear probe over (uint8 image, int64 label, bool mask) sample tuples: image and mask converted to float before the matmul, labels kept int64 for the loss, a pixel histogram from shifted uint8 bytes
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <tuple>

int main() {
  torch::manual_seed(7);
  using Sample = std::tuple<torch::Tensor, torch::Tensor, torch::Tensor>;
  Sample sample{torch::randint(0, 256, {4, 1, 8, 8}, torch::kByte),
                torch::tensor({3, 0, 7, 1}, torch::kLong),
                torch::rand({4, 1, 8, 8}) > 0.2};
  auto [pixels, labels, valid] = sample;

  // Intensity histogram over the top four bits of every byte: stays integer.
  auto coarse = pixels.flatten().bitwise_right_shift(4).to(torch::kLong);
  auto histogram = torch::bincount(coarse, /*weights=*/{}, /*minlength=*/16);

  // The probe itself works in float32.
  auto image = pixels.to(torch::kFloat).div_(255.0);
  auto keep = valid.to(image.scalar_type());
  auto masked = image * keep;
  auto flat = masked.flatten(1);
  auto weight = torch::randn({64, 10}) * 0.05;
  auto bias = torch::zeros({10});
  auto logits = torch::addmm(bias, flat, weight);

  auto loss = torch::nn::functional::cross_entropy(logits, labels);
  auto predicted = logits.argmax(1);
  int64_t correct = predicted.eq(labels).sum().item<int64_t>();

  // Per-sample coverage: bool mask summed to int64, then a float ratio.
  auto coverage = valid.flatten(1).sum(1);
  auto ratio = coverage.to(torch::kFloat) / static_cast<double>(flat.size(1));
  auto weighted = (ratio * torch::nn::functional::cross_entropy(
                               logits, labels,
                               torch::nn::functional::CrossEntropyFuncOptions()
                                   .reduction(torch::kNone)))
                      .mean();

  std::cout << "loss " << loss.item<float>() << " weighted " << weighted.item<float>()
            << " correct " << correct << "/" << labels.size(0)
            << " histogram total " << histogram.sum().item<int64_t>() << "\n";
  return histogram.sum().item<int64_t>() == pixels.numel() ? 0 : 1;
}
