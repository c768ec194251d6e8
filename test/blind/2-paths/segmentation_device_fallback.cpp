// scenario: trains a tiny segmentation head on whichever device is present, staging CPU batches onto it
// tier: 2
// family: device-mismatch
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace nn = torch::nn;

int main(int argc, char **argv) {
  torch::manual_seed(2);
  const bool use_class_weights = argc < 5;
  const int64_t num_classes = 3;
  const int num_steps = 6;

  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA, 0);

  nn::Sequential head(nn::Conv2d(nn::Conv2dOptions(3, 8, 3).padding(1)), nn::ReLU(),
                      nn::Conv2d(nn::Conv2dOptions(8, num_classes, 1)));
  head->to(device);
  torch::optim::Adam opt(head->parameters(), torch::optim::AdamOptions(1e-2));

  // Pixel frequencies measured offline, on the host.
  auto class_weights = torch::tensor({0.2, 1.0, 1.5}, torch::kFloat);
  if (use_class_weights)
    class_weights = class_weights.to(device);
  else
    class_weights = torch::ones({num_classes}, torch::TensorOptions().device(device));

  auto running = torch::zeros({}, torch::TensorOptions().device(device));
  for (int step = 0; step < num_steps; ++step) {
    // The loader always yields host tensors.
    auto images = torch::rand({4, 3, 16, 16});
    auto masks = (images.mean(1) * num_classes).floor().clamp_max(num_classes - 1).to(torch::kLong);

    if (step % 2 == 1) {
      images = images.flip({3}).to(device);
      masks = masks.flip({2}).to(device);
    } else {
      images = images.to(device, /*non_blocking=*/true);
      masks = masks.to(device, /*non_blocking=*/true);
    }

    auto noise = 0.01 * torch::randn_like(images);
    auto logits = head->forward(images + noise);
    auto loss = torch::nn::functional::cross_entropy(
        logits, masks, torch::nn::functional::CrossEntropyFuncOptions().weight(class_weights));

    opt.zero_grad();
    loss.backward();
    opt.step();
    running = running + loss.detach();

    auto pred = logits.argmax(1);
    auto valid = torch::ones_like(masks, masks.options().dtype(torch::kBool));
    auto acc = ((pred == masks) & valid).to(torch::kFloat).mean();
    std::cout << "step " << step << " loss " << loss.item<float>() << " acc "
              << acc.item<float>() << "\n";
  }

  auto mean_loss = (running / num_steps).cpu().item<float>();
  std::cout << "device " << device << " mean loss " << mean_loss << "\n";
  return mean_loss > 0.0f ? 0 : 1;
}
