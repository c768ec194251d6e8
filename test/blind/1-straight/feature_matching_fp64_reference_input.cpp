// scenario: feature-matching loss compares precomputed float64 reference activations (first argument) with the trainable float32 student features (second argument); the gradient flows through mse_loss's target, and backward fails there too
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(80);
  const int64_t batch = 4, channels = 6, side = 8;
  const double feature_weight = 0.5, pixel_weight = 1.0;

  // Inputs and the teacher's cached activations. The cache was produced by an
  // offline export that kept the activations in double precision.
  auto images = torch::randn({batch, 3, side, side});
  auto reference = torch::randn({batch, channels, side, side}, torch::kFloat64);
  auto reference_norm = reference.pow(2).mean().sqrt();

  // Student: one conv for the features, one 1x1 conv decoding back to pixels.
  torch::nn::Conv2d student(torch::nn::Conv2dOptions(3, channels, 3).padding(1));
  torch::nn::Conv2d decoder(torch::nn::Conv2dOptions(channels, 3, 1));
  std::vector<torch::Tensor> params = student->parameters();
  for (auto& p : decoder->parameters()) params.push_back(p);
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.05).momentum(0.9));

  opt.zero_grad();
  auto feats = student(images);
  auto recon = decoder(torch::relu(feats));

  auto pixel_loss = torch::l1_loss(recon, images);
  auto feature_loss = torch::mse_loss(reference, feats);
  auto loss = pixel_weight * pixel_loss + feature_weight * feature_loss;
  std::cout << "pixel " << pixel_loss.item<float>() << " feature gap " << feature_loss.item<double>()
            << " (reference rms " << reference_norm.item<double>() << ")\n";
  loss.backward(); // BUG
  opt.step();
  std::cout << "student weight norm " << student->weight.norm().item<float>() << "\n";
  return 0;
}
